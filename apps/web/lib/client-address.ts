/**
 * The browser's address, passed on to the API in `X-Forwarded-For` so that the API's per-address limits (failed
 * sign-ins, captcha challenges, resends) count each guest apart instead of counting every guest as the
 * storefront server (which would let one guest's twenty wrong passwords lock every sign-in of the site).
 * The API believes the header only from the proxies in its own TRUST_PROXY (`npm start`: the storefront beside it).
 *
 * `trustedHops` is the number of proxies in front of this server that append to X-Forwarded-For (the storefront's
 * TRUST_PROXY_HOPS). The address the first of them saw is `hops` entries from the right. With none (Next serves the
 * browser itself), Next writes the socket's address only when the browser sent no X-Forwarded-For of its own, so
 * the rightmost entry is the socket's address, or one the browser chose: a browser can then pick its own key
 * (and escape the per-address count, while the per-account lock and the captcha still hold) but cannot fill
 * another guest's key or the site's. Null when there is nothing usable.
 */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]{2,45})$/i;

export function clientAddress(forwardedFor: string | null, trustedHops: number): string | null {
  if (!forwardedFor) return null;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = entries[entries.length - Math.max(1, trustedHops)];
  return address && ADDRESS.test(address) ? address : null;
}
