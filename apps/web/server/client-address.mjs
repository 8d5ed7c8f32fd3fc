/**
 * The client address of a storefront request, decided by the storefront's server (server.mjs) alone and handed
 * to the storefront's code signed, so that the API's per-address limits count the real peer.
 *
 * - The address is the socket's peer; behind TRUST_PROXY_HOPS proxies (each appending the address it saw to
 *   X-Forwarded-For), the entry that many hops from the socket. A header the browser sent never decides it.
 * - Every header through which a browser or a proxy could name a client is removed before Next sees the request,
 *   and X-Storefront-Client is set in its place: `v1;<address>;<unix seconds>;<HMAC-SHA256, base64url>` over
 *   `v1;<address>;<unix seconds>` with CLIENT_ADDRESS_SECRET. The storefront's code passes that header on to the
 *   API unchanged (lib/client-address.ts); the API checks it (apps/api/src/plugins/client-address.ts, the same
 *   format) and ignores it when the signature or the time is wrong. Nothing the browser sends can pass: it has no
 *   secret, and a header it sends is replaced.
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/** The header carrying the signed client address (to the storefront's code, and from it to the API). */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client';

/** Headers in which a client names itself or a proxy names a client: removed from every incoming request. */
export const CLIENT_ADDRESS_CLAIMS = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  CLIENT_ADDRESS_HEADER,
];

/** The most proxies TRUST_PROXY_HOPS may name. */
export const MAX_TRUST_PROXY_HOPS = 10;

/**
 * The client's address: the socket's peer with no proxy in front (`hops` 0); else the X-Forwarded-For entry
 * `hops` positions before the socket's peer (the peer is the nearest proxy, the last `hops - 1` entries the
 * proxies before it, the entry before them the address the farthest proxy saw). When the chain is shorter than
 * `hops` (a request that did not come through every proxy) or that entry is not an IP address, the socket's peer:
 * the one address nobody can make up.
 */
export function peerAddress(socketAddress, forwardedFor, hops) {
  if (hops <= 0) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = [
    ...header
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress,
  ];
  const index = chain.length - 1 - hops;
  const candidate = index >= 0 ? chain[index] : undefined;
  return candidate !== undefined && isIP(candidate) !== 0 ? candidate : socketAddress;
}

/** The X-Storefront-Client value for `address` at `nowSeconds`, signed with `secret`. */
export function signClientAddress(address, secret, nowSeconds) {
  const seconds = Math.floor(nowSeconds);
  const signature = createHmac('sha256', secret).update(`v1;${address};${seconds}`).digest('base64url');
  return `v1;${address};${seconds};${signature}`;
}

/**
 * Removes every header in which the browser or a proxy named a client (the development server without a secret:
 * nothing is passed on, and nothing the browser claims either).
 */
export function removeClientClaims(request) {
  for (const name of CLIENT_ADDRESS_CLAIMS) delete request.headers[name];
}

/**
 * Decides the request's client address (see peerAddress), removes every client claim from its headers and sets
 * the signed X-Storefront-Client. Returns the address.
 */
export function assignClientAddress(request, { secret, hops, nowSeconds }) {
  const address = peerAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], hops);
  removeClientClaims(request);
  request.headers[CLIENT_ADDRESS_HEADER] = signClientAddress(address, secret, nowSeconds);
  return address;
}
