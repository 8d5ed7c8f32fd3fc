/**
 * The built-in loyalty issuer's sign-in page (its only interaction: the storefront needs no consent): e-mail
 * address and password of a loyalty member, a Cancel that goes back to the store, and the error of the last try.
 * No script; its one stylesheet allowed by hash.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f4ef; }
main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: .75rem; border: 1px solid #d4d0c8; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
p { margin: 0 0 1rem; }
form { display: flex; flex-direction: column; gap: 1rem; }
label { display: flex; flex-direction: column; gap: .25rem; font-weight: 600; }
input { font: inherit; padding: .6rem; border: 1px solid #767676; border-radius: .375rem; }
input:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.actions { display: flex; gap: .75rem; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: .5rem 1.25rem; border-radius: 999px; border: 1px solid #1a1a1a; cursor: pointer; }
.primary { background: #1a1a1a; color: #fff; }
.secondary { background: #fff; color: #1a1a1a; }
.error { color: #a40e0e; font-weight: 600; }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * The page's policy: its own stylesheet, and forms sent to itself, whose answer redirects to the storefront
 * (a browser checks form-action on every redirect of a form's submission, so the storefront's origin is named).
 */
export function interactionCsp(webOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self' ${webOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageInput {
  programName: string;
  /** The interaction's path: the form posts to `${action}/login`, Cancel to `${action}/abort`. */
  action: string;
  email?: string;
  error?: string;
}

/** The member's sign-in form. */
export function renderSignInPage({ programName, action, email = '', error }: SignInPageInput): string {
  const errorId = 'sign-in-error';
  const described = error ? ` aria-describedby="${errorId}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  return page(
    `Sign in - ${programName}`,
    `<h1>Sign in to ${escapeHtml(programName)}</h1>
<p>Use the e-mail address and password of your rewards membership.</p>
${error ? `<p id="${errorId}" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}/login" novalidate>
<label>Email<input type="email" name="email" autocomplete="username" required maxlength="320" value="${escapeHtml(email)}"${described}${invalid}></label>
<label>Password<input type="password" name="password" autocomplete="current-password" required maxlength="200"${described}${invalid}></label>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" class="secondary" formaction="${escapeHtml(action)}/abort">Cancel</button>
</div>
</form>`,
  );
}

/** A sign-in that cannot go on (expired, or never started here), with the way back to the store. */
export function renderSignInGonePage(programName: string, storeUrl: string): string {
  return page(
    `Sign in - ${programName}`,
    `<h1>This sign-in has expired</h1>
<p>Go back to the store and press Sign in again.</p>
<p><a href="${escapeHtml(storeUrl)}">Back to the store</a></p>`,
  );
}
