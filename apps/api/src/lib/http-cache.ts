/**
 * Pre-serialised answers for immutable data (menu snapshots): the JSON text, a content-hash ETag and a gzip copy,
 * each computed once; conditional requests (If-None-Match) answered with 304 and compressed bodies sent as they are.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class SerializedBody {
  /** Weak validator: the same for the plain and the gzip representation of the same JSON text. */
  readonly etag: string;
  /** The UTF-8 bytes, encoded once: sending a string would encode (and measure) it on every request. */
  readonly bytes: Buffer;
  private gzipped: Buffer | null = null;

  constructor(readonly json: string) {
    this.bytes = Buffer.from(json, 'utf8');
    this.etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  }

  /** Compressed once per body, so at the strongest level: the bytes every request carries are what count. */
  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.bytes, { level: 9 });
    return this.gzipped;
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, `*` included). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  // The usual revalidation sends back exactly the ETag it was given.
  if (header === etag) return true;
  const opaque = etag.replace(/^W\//, '');
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value.split(',').some((candidate) => {
      const tag = candidate.trim();
      return tag === '*' || tag.replace(/^W\//, '') === opaque;
    }),
  );
}

/** Whether Accept-Encoding allows gzip (not refused with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const NO_VARY: readonly string[] = [];
const varyHeaders = new WeakMap<readonly string[], string>();

/** The Vary value of an answer that also varies by encoding (joined once per list: the lists are constants). */
function varyHeader(vary: readonly string[]): string {
  let value = varyHeaders.get(vary);
  if (value === undefined) {
    value = [...vary, 'Accept-Encoding'].join(', ');
    varyHeaders.set(vary, value);
  }
  return value;
}

/**
 * Sends a pre-serialised JSON body with its ETag and Cache-Control: 304 without a body when the client already
 * holds it, gzip when accepted, the JSON text otherwise. The route's response schema still documents the shape;
 * the untyped reply skips the per-request schema serialization.
 */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerializedBody,
  cacheControl: string,
  vary: readonly string[] = NO_VARY,
): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', varyHeader(vary));
  if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.bytes);
}

/**
 * Sends JSON text (or its UTF-8 bytes) made by the route itself (a JSON content type: Fastify sends it as it is, without the
 * response schema's serializer). For answers assembled from parts the schema encoded once; the route's response
 * schema still documents the shape.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
