/**
 * What the error page may say. `/error?code=` names one of these; the page shows its status and text and
 * nothing from the URL, so no link can make our origin display words of someone else's choosing (phishing
 * text under our name). The spec asks for 'Error', the status code and a message; the texts are the
 * storefront's own. Unknown and missing codes show the generic entry.
 */
export const ERROR_PAGES = {
  /** A store link whose last segment is neither menu nor catering (spec: the user goes to /error). */
  'menu-type': { status: 400, message: 'The page you asked for does not exist.' },
  /** /payment/complete could not read the placed order's tracking link. */
  'tracking-link': { status: 502, message: 'The order tracking link is not available.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorPageCode = keyof typeof ERROR_PAGES;

export const GENERIC_ERROR = { status: 500, message: 'An unexpected error occurred.' } as const;

function isErrorPageCode(code: string): code is ErrorPageCode {
  return Object.hasOwn(ERROR_PAGES, code);
}

/** The status and text for a code from the URL: a known code's own, anything else the generic one. */
export function errorPageContent(code: string | undefined): { status: number; message: string } {
  return code !== undefined && isErrorPageCode(code) ? ERROR_PAGES[code] : GENERIC_ERROR;
}

/** The error page's address for a code. */
export function errorPagePath(code: ErrorPageCode): string {
  return `/error?code=${code}`;
}
