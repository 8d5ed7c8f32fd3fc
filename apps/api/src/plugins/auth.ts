/**
 * Authentication decorators: `app.authenticate` (access token -> request.session), `app.authenticateStaff`
 * (staff key). Routes opt in with `onRequest: [app.authenticate]`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { staffKeys } from '../db/schema/clients';
import { unauthorized } from '../lib/errors';
import { TokenService, type Session } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    authenticateStaff: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

export function hashStaffKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The authenticated session; routes behind `app.authenticate` always have one. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

export default fp(function authPlugin(app: FastifyInstance) {
  const tokens = new TokenService(
    app.config.JWT_SECRET,
    app.config.ACCESS_TOKEN_TTL_SECONDS,
    app.config.TRACKING_TOKEN_TTL_SECONDS,
  );
  app.decorate('tokens', tokens);
  app.decorateRequest('session', null);

  // A callback hook rather than an async one: a token verified before is answered without a promise.
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const token = bearerToken(request);
      if (!token) return done(unauthorized('Missing access token'));
      const cached = tokens.cachedSession(token);
      if (cached) {
        request.session = cached;
        return done();
      }
      tokens.verifyAccessToken(token).then((session) => {
        if (!session) return done(unauthorized('Invalid or expired access token'));
        request.session = session;
        done();
      }, done);
    },
  );

  app.decorate('authenticateStaff', async (request: FastifyRequest) => {
    const header = request.headers['x-staff-key'];
    const key = typeof header === 'string' ? header : bearerToken(request);
    if (!key) throw unauthorized('Missing staff key');
    const [row] = await app.db
      .select({ id: staffKeys.id })
      .from(staffKeys)
      .where(eq(staffKeys.keyHash, hashStaffKey(key)))
      .limit(1);
    if (!row) throw unauthorized('Invalid staff key');
  });
});
