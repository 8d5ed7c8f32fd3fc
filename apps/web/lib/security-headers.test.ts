import { describe, expect, it } from 'vitest';
import {
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  createNonce,
  pageSecurityHeaders,
  requestCameOverHttps,
  tileSource,
  type PageSecurityOptions,
} from './security-headers';

const base: PageSecurityOptions = {
  nonce: 'bm9uY2U=',
  development: false,
  webPublicUrl: 'http://localhost:3000',
  processorPublicUrl: 'http://localhost:4300/',
};

/** The policy as directive -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((part): [string, string[]] => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it("allows scripts by this request's nonce only, and no page to be framed", () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(policy.get('style-src-elem')).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    // React's style={} attributes (see the policy's comment).
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it("lets pages frame the processor's pages (card page, Express frame, wallet sheet), and nothing else", () => {
    expect(directives(contentSecurityPolicy(base)).get('frame-src')).toEqual(['http://localhost:4300']);
  });

  it("adds reCAPTCHA's frames only when a site key is configured (ALTCHA needs a blob: worker only)", () => {
    expect(directives(contentSecurityPolicy({ ...base, recaptcha: true })).get('frame-src')).toEqual([
      'http://localhost:4300',
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    const altcha = directives(contentSecurityPolicy(base));
    expect(altcha.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(altcha.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
  });

  it("allows eval and inline styles under `next dev` only (React's dev tooling, the dev overlay)", () => {
    const production = contentSecurityPolicy(base);
    expect(production).not.toContain('unsafe-eval');
    expect(production).not.toMatch(/style-src(-elem)? [^;]*unsafe-inline/);
    const development = directives(contentSecurityPolicy({ ...base, development: true }));
    expect(development.get('script-src')).toContain("'unsafe-eval'");
    expect(development.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows the map's tile server as an image source", () => {
    const policy = directives(
      contentSecurityPolicy({ ...base, mapTileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }),
    );
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example.org']);
    expect(directives(contentSecurityPolicy(base)).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('upgrades insecure requests when the storefront is served over https', () => {
    const policy = directives(contentSecurityPolicy({ ...base, webPublicUrl: 'https://order.example' }));
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('tileSource', () => {
  it('is the host of a tile template, with a subdomain placeholder as a wildcard', () => {
    expect(tileSource('https://tile.example/{z}/{x}/{y}.png')).toBe('https://tile.example');
    expect(tileSource('http://localhost:8080/tiles/{z}/{x}/{y}.png?key=1')).toBe('http://localhost:8080');
    expect(tileSource('https://{s}.tile.osm.org/{z}/{x}/{y}.png')).toBe('https://*.tile.osm.org');
    // A placeholder CSP cannot express as a host: the scheme alone.
    expect(tileSource('https://tiles-{s}.example/{z}/{x}/{y}.png')).toBe('https:');
  });
});

describe('pageSecurityHeaders', () => {
  it('sends HSTS only to a request that came over HTTPS, whatever the public URL says', () => {
    expect(pageSecurityHeaders(base)['Strict-Transport-Security']).toBeUndefined();
    // Issue 32: an https public URL sent it over plain HTTP too (e.g. to http://host:3000 directly).
    const httpsSite = { ...base, webPublicUrl: 'https://order.example' };
    expect(pageSecurityHeaders(httpsSite)['Strict-Transport-Security']).toBeUndefined();
    expect(pageSecurityHeaders({ ...httpsSite, https: false })['Strict-Transport-Security']).toBeUndefined();
    expect(pageSecurityHeaders({ ...httpsSite, https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
  });
  it('allows the position on our pages, payment to us and the payment frame, and nothing else', () => {
    const policy = pageSecurityHeaders(base)['Permissions-Policy'];
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('payment=(self "http://localhost:4300")');
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
  });

  it('leaves nosniff, Referrer-Policy and X-Frame-Options to the static set', () => {
    expect(Object.fromEntries(STATIC_SECURITY_HEADERS.map(({ key, value }) => [key, value]))).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('requestCameOverHttps', () => {
  const headers = (proto?: string) => new Headers(proto ? { 'x-forwarded-proto': proto } : {});

  it("never believes X-Forwarded-Proto without a trusted proxy: it is the browser's to write", () => {
    expect(requestCameOverHttps(headers('https'), 0)).toBe(false);
    expect(requestCameOverHttps(headers(), 0)).toBe(false);
  });

  it("believes the trusted proxy's entry, not one the browser put before it", () => {
    expect(requestCameOverHttps(headers('https'), 1)).toBe(true);
    expect(requestCameOverHttps(headers('HTTPS'), 1)).toBe(true);
    expect(requestCameOverHttps(headers('http'), 1)).toBe(false);
    expect(requestCameOverHttps(headers(), 1)).toBe(false);
    // The browser claimed https; the proxy it reached over plain HTTP appended http.
    expect(requestCameOverHttps(headers('https, http'), 1)).toBe(false);
    // Two appending proxies: the first one (the browser's) saw https.
    expect(requestCameOverHttps(headers('https, http'), 2)).toBe(true);
    expect(requestCameOverHttps(headers('http, https, http'), 2)).toBe(true);
  });
});
