/**
 * Where the search page goes after its `security_token` exchange (spec: success redirects to the page itself;
 * failure shows 'Login attempt failed'): the same path and query without the token, with loginResult=failure
 * after a failure (the page's sign-in notice shows the message and takes the parameter away).
 */
export function addressAfterSecurityToken(href: string, succeeded: boolean): string {
  const url = new URL(href);
  url.searchParams.delete('security_token');
  url.searchParams.delete('loginResult');
  if (!succeeded) url.searchParams.set('loginResult', 'failure');
  return `${url.pathname}${url.search}`;
}
