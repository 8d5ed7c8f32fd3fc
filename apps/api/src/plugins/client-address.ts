/**
 * The client address every per-address limit counts: `request.clientAddress`.
 *
 * Behind the storefront, the API's peer is the storefront server, never the guest. The storefront's server
 * (apps/web/server.mjs) takes the guest's address from its own socket (or from exactly TRUST_PROXY_HOPS proxies
 * in front of it), drops whatever the browser claimed (X-Forwarded-For, X-Real-IP, this header), and signs the
 * address for the API in the `X-Storefront-Client` header: `v1;<address>;<unix seconds>;<HMAC-SHA256 base64url>`
 * over `v1;<address>;<unix seconds>` with CLIENT_ADDRESS_SECRET, which only the storefront server and the API
 * know. A header whose signature checks and whose time is within CLIENT_ADDRESS_MAX_AGE_SECONDS of this
 * process's clock names the client; anything else is ignored and the client is what Fastify's trustProxy
 * (TRUST_PROXY) makes of the connection. So no browser can choose the address it is counted under: it cannot sign,
 * and the storefront never passes on what it sent.
 *
 * The address is also the key of the limits, so it is normalised: an IPv4-mapped IPv6 address counts as its IPv4
 * address, and an IPv6 address as its /64 network (one subscriber's line or host gets a whole /64: counting each
 * of its 2^64 addresses apart would let one guest escape every limit by changing the low bits).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';

/** The header the storefront server signs the guest's address in (apps/web/server/client-address.mjs). */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client';
/** How old a signed address may be: a storefront request's API calls follow it within seconds. */
export const CLIENT_ADDRESS_MAX_AGE_SECONDS = 300;
const VERSION = 'v1';
/** Longer than any well-formed header (an IPv6 address, a time, a 43-character signature). */
const MAX_HEADER_LENGTH = 200;

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as the per-address limits count it (see plugins/client-address.ts). */
    readonly clientAddress: string;
  }
}

function signature(secret: string, address: string, seconds: number): Buffer {
  return createHmac('sha256', secret).update(`${VERSION};${address};${seconds}`).digest();
}

/**
 * The address a signed `X-Storefront-Client` header names; null when the header is missing, malformed, signed
 * with another secret, older or newer than CLIENT_ADDRESS_MAX_AGE_SECONDS, or names no IP address.
 */
export function verifySignedClientAddress(
  header: string | string[] | undefined,
  secret: string,
  nowSeconds: number,
): string | null {
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) return null;
  const [version, address, time, signed, ...rest] = header.split(';');
  if (version !== VERSION || !address || !time || !signed || rest.length > 0) return null;
  if (!/^\d{1,12}$/.test(time) || !ipaddr.isValid(address)) return null;
  const seconds = Number(time);
  if (Math.abs(nowSeconds - seconds) > CLIENT_ADDRESS_MAX_AGE_SECONDS) return null;
  const expected = signature(secret, address, seconds);
  const given = Buffer.from(signed, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

/** A signed header for `address` (the storefront server's side of the format; tests use it too). */
export function signClientAddress(address: string, secret: string, nowSeconds: number): string {
  const seconds = Math.floor(nowSeconds);
  return `${VERSION};${address};${seconds};${signature(secret, address, seconds).toString('base64url')}`;
}

/**
 * The key the limits count an address under: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4 address),
 * IPv6 as its /64 network ('2001:db8:1:2::/64'); what is not an IP address, as it is.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().fill(0, 8);
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}

const resolved = new WeakMap<FastifyRequest, string>();

export default fp(async function clientAddressPlugin(app: FastifyInstance) {
  const secret = app.config.CLIENT_ADDRESS_SECRET;
  if (secret === undefined) {
    app.log.info(
      'client addresses: CLIENT_ADDRESS_SECRET is not set, so addresses signed by a storefront are not believed',
    );
  }
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest): string {
      const known = resolved.get(this);
      if (known !== undefined) return known;
      const signed =
        secret === undefined
          ? null
          : verifySignedClientAddress(this.headers[CLIENT_ADDRESS_HEADER], secret, Date.now() / 1000);
      // request.ip is where TRUST_PROXY is applied; this is the one place that reads it for a limit.
      // eslint-disable-next-line no-restricted-syntax
      const address = clientAddressKey(signed ?? this.ip ?? '');
      resolved.set(this, address);
      return address;
    },
  });
});
