/**
 * Development conveniences (the mailbox, the docs) answer only to this machine: the connection's own peer must be
 * a loopback address, whatever TRUST_PROXY says (request.ip would take a trusted proxy's X-Forwarded-For, and the
 * storefront beside the API is such a proxy for every guest). A request that a proxy on this machine passed on
 * for someone else (it names a client in X-Forwarded-For, Forwarded or X-Real-IP that is not loopback) is
 * refused too. Refused requests get the API's 404, as if the route did not exist.
 */
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Whether `address` is 127.0.0.0/8 or ::1 (also written as an IPv4-mapped IPv6 address). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return /^(?:0{0,4}:){7}0{0,3}1$|^::1$/.test(bare);
  return false;
}

/** The client addresses a proxy wrote into the request (empty when none did). */
function forwardedClients(request: FastifyRequest): string[] {
  const values: string[] = [];
  const add = (header: string | string[] | undefined) => {
    for (const value of Array.isArray(header) ? header : header ? [header] : []) values.push(value);
  };
  add(request.headers['x-forwarded-for']);
  add(request.headers['x-real-ip']);
  const forwarded = request.headers.forwarded;
  const clients = values.flatMap((value) => value.split(',')).map((entry) => entry.trim());
  for (const match of (forwarded ?? '').matchAll(/for="?([^";,]+)"?/gi)) {
    // Forwarded: for=192.0.2.1, for="[2001:db8::1]:4711"
    clients.push((match[1] ?? '').replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^([\d.]+):\d+$/, '$1'));
  }
  return clients.filter((entry) => entry !== '');
}

/** Whether the request comes from this machine: a loopback peer, and no proxy speaking for someone else. */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return forwardedClients(request).every(isLoopbackAddress);
}

/** An onRequest hook: requests from elsewhere get the 404 of a route that does not exist. */
export function localOnly(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (isLocalRequest(request)) {
    done();
    return;
  }
  reply.callNotFound();
}
