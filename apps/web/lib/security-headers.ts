/**
 * The storefront's security headers. Pure (no env, no Node APIs): the proxy passes its configuration in, and
 * next.config imports the static part. Two halves:
 * - `STATIC_SECURITY_HEADERS` do not depend on the request or the configuration: next.config sends them on
 *   every response, static files included;
 * - `pageSecurityHeaders` carry the per-request nonce and the configured origins: the proxy sets them on each
 *   page, and forwards the policy on the request too, where Next reads the nonce for its own scripts.
 */

/** The request header that carries the nonce to the root layout (for the inlined stylesheet). */
export const NONCE_HEADER = 'x-nonce';

export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Full URLs (order ids in /order-tracking?oid=…&tk=…) never leave the origin; other sites see the origin only.
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // For browsers that predate CSP's frame-ancestors (sent with every page below).
  { key: 'X-Frame-Options', value: 'DENY' },
];

export interface PageSecurityOptions {
  /** Fresh for every request (`createNonce`). */
  nonce: string;
  /** `next dev`: React's dev tooling evaluates code, and the dev server injects styles without a nonce. */
  development: boolean;
  /** WEB_PUBLIC_URL: https turns on upgrade-insecure-requests. */
  webPublicUrl: string;
  /** This request came over HTTPS (`requestCameOverHttps`): only then is HSTS sent. */
  https?: boolean;
  /**
   * PROCESSOR_PUBLIC_URL: the card processor's origin, which serves the hosted card page, the Express frame and
   * the wallet sheet (the sandbox processor app by default).
   */
  processorPublicUrl: string;
  /** MAP_TILE_URL: the map's tiles are images from this host. */
  mapTileUrl?: string | undefined;
  /**
   * RECAPTCHA_SITE_KEY is set: the session dialogs render reCAPTCHA v2, whose checkbox is a frame from Google.
   * Its script needs nothing more (our nonce'd chunks load it, trusted through 'strict-dynamic'). Off by default:
   * the ALTCHA widget needs only this origin and its blob: worker.
   */
  recaptcha?: boolean;
}

/** reCAPTCHA v2's frames (only with a site key configured). */
const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** 128 random bits, base64: unguessable and fresh for every request. Web Crypto, so it runs in any runtime. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The CSP source for an XYZ tile template: its scheme and host, with a `{s}`-style subdomain placeholder as
 * CSP's leftmost-label wildcard (`https://{s}.tile.example/…` -> `https://*.tile.example`). A placeholder
 * anywhere else in the host cannot be written as a host source: the scheme alone is allowed then.
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match?.[1] || !match[2]) return null;
  const [, scheme, host] = match;
  const wildcard = host.replace(/^\{[a-z]+\}\./i, '*.');
  if (!/[{}]/.test(wildcard)) return `${scheme}://${wildcard}`;
  return `${scheme}:`;
}

export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const https = options.webPublicUrl.startsWith('https://');
  const tiles = options.mapTileUrl ? tileSource(options.mapTileUrl) : null;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    // 'strict-dynamic': the chunks Next's nonce'd bootstrap loads are trusted through it, nothing else is.
    ['script-src', "'self'", nonce, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    // The production build inlines the stylesheet in a <style> with the nonce; Radix's scroll lock adds one
    // with it too (get-nonce). `next dev` injects its overlay's styles without one, and a nonce would switch
    // 'unsafe-inline' off, so development allows inline styles instead.
    ['style-src-elem', "'self'", ...(options.development ? ["'unsafe-inline'"] : [nonce])],
    // style="…" attributes: React renders style={} props as attributes in the server's HTML (widths of
    // progress bars, the store's theme colours), and Leaflet positions its panes and markers through them.
    // An attribute cannot carry a nonce, and a style attribute cannot run script; blocking them would only
    // break the layout.
    ['style-src-attr', "'unsafe-inline'"],
    ['style-src', "'self'", ...(options.development ? ["'unsafe-inline'"] : [nonce])],
    // Leaflet's marker and layer images are data: URIs; images otherwise come through /images on this origin.
    ['img-src', "'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    ['font-src', "'self'", 'data:'],
    // The browser talks to this origin only (route handlers proxy the API).
    ['connect-src', "'self'"],
    // The processor's frames (hosted card page, Express frame, wallet sheet), and nothing else. On every page, not /payment alone: the guest reaches /payment
    // by a client-side navigation (Confirm Order), which keeps the policy of the document first loaded (the
    // store or checkout page), so a frame-src of 'none' there blocked the frame.
    [
      'frame-src',
      new URL(options.processorPublicUrl).origin,
      ...(options.recaptcha ? RECAPTCHA_FRAME_SOURCES : []),
    ],
    // 'self': the payment's invisible captcha solves its proof of work in a worker chunk of this origin
    // (lib/captcha/altcha-solver.worker.ts); blob: the ALTCHA widget's workers (and Leaflet's clustering).
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    // No page of the storefront (the kitchen included) may be framed: clickjacking.
    ['frame-ancestors', "'none'"],
    ...(https ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * What a page may use beyond the document: the search page asks for the guest's position, the payment frame
 * (the processor's origin) may use the Payment Request API (on every page, as its frame-src); everything else
 * is off.
 */
export function permissionsPolicy(options: Pick<PageSecurityOptions, 'processorPublicUrl'>): string {
  return [
    'geolocation=(self)',
    `payment=(self "${new URL(options.processorPublicUrl).origin}")`,
    'camera=()',
    'microphone=()',
    'usb=()',
    'serial=()',
    // No 'bluetooth': Chromium does not know the feature and logs an error for it on every page.
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
    'browsing-topics=()',
  ].join(', ');
}

export interface PageSecurityHeaders {
  'Content-Security-Policy': string;
  'Permissions-Policy': string;
  'Strict-Transport-Security'?: string;
}

/**
 * Whether a request reached the storefront over HTTPS. Next's server speaks plain HTTP only, so HTTPS means a
 * proxy in front terminated TLS and said so in X-Forwarded-Proto. That header is believed only with
 * `trustedHops` (TRUST_PROXY_HOPS) proxies configured: without one, it is whatever the browser sent (Next adds
 * its own only when there is none). With several appending proxies the first of them (the one the browser
 * reached) has its entry `trustedHops` from the right; a proxy that overwrites leaves one entry.
 */
export function requestCameOverHttps(headers: Headers, trustedHops: number): boolean {
  if (trustedHops < 1) return false;
  const entries = (headers.get('x-forwarded-proto') ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - trustedHops)] === 'https';
}

/** The headers the proxy sets on every page response. */
export function pageSecurityHeaders(options: PageSecurityOptions): PageSecurityHeaders {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Permissions-Policy': permissionsPolicy(options),
    // Only on an answer to a request that came over HTTPS: on plain HTTP browsers ignore it and it tells a
    // prober the wrong thing (issue 32). One year, without includeSubDomains: sibling hosts are not ours to pin.
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
