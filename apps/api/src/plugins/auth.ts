/**
 * Authentication decorators: `app.authenticate` (access token -> request.session), `app.authenticateStaff`
 * (a staff session token, or the staff key itself for API callers -> request.staffSessionId).
 * Routes opt in with `onRequest: [app.authenticate]`.
 *
 * A user token (a signed-in customer's) is also checked against its customer session on every request (one
 * primary-key lookup), so that logout and a password reset end it at once; a guest token needs no database. An
 * X-Integration header, which the storefront sends with user tokens, must name the token's user. Either failure
 * is 401 SessionInvalid (10005, 'Your session has been reset.'). A route whose one statement carries the session
 * check itself (config `customerSessionCheckedByRoute`, e.g. the order history page) is admitted without the
 * lookup: it saves a round trip, and the route answers the same 401 when the check fails.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_KEY_HEADER } from '@storefront/contracts/staff';
import { DomainError, unauthorized } from '../lib/errors';
import { TokenService, type Session } from '../lib/tokens';
import { findStaffKey, getStaffSession, hashStaffSecret } from '../modules/staff/staff-sessions.service';
import { isSessionActive, sessionInvalid } from '../modules/accounts/sessions.service';

/** The header the storefront sends with a user token: the user id the token carries. */
export const INTEGRATION_HEADER = 'x-integration';

/**
 * Failed staff keys (at sign-in or in the X-Staff-Key header of a staff route) allowed per client address in a
 * window; past it every staff key from that address is refused with 429 until the window ends. Counted in the
 * rate-limit store, so in Redis across processes when REDIS_URL is set.
 */
export const STAFF_FAILURES_MAX = 10;
export const STAFF_FAILURES_WINDOW = '5 minutes';

/** Counts failed staff credentials per client address (see STAFF_FAILURES_MAX). */
export interface StaffAttempts {
  /** Throws 429 when the address has used up its failed tries. */
  check: (request: FastifyRequest) => Promise<void>;
  /** Counts one failed try of the address. */
  fail: (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    authenticateStaff: (request: FastifyRequest) => Promise<void>;
    staffAttempts: StaffAttempts;
  }
  interface FastifyContextConfig {
    /**
     * The route's handler checks the customer session in its own statement (sessionActiveCondition) and answers
     * 401 SessionInvalid when it fails: the hook does not look it up first.
     */
    customerSessionCheckedByRoute?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
    /** The staff session a staff route was called with; null when it was called with the staff key. */
    staffSessionId: number | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

export function hashStaffKey(key: string): string {
  return hashStaffSecret(key);
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

  /** Admits a verified session: a guest's at once, a user's once its customer session is found open. */
  const admit = (request: FastifyRequest, session: Session, done: HookHandlerDoneFunction) => {
    const integration = request.headers[INTEGRATION_HEADER];
    if (integration !== undefined && (session.userId === null || integration !== String(session.userId))) {
      return done(sessionInvalid());
    }
    if (
      session.userId === null ||
      session.customerSessionId === null ||
      request.routeOptions.config.customerSessionCheckedByRoute === true
    ) {
      request.session = session;
      return done();
    }
    isSessionActive(app.db, { userId: session.userId, customerSessionId: session.customerSessionId }).then(
      (active) => {
        if (!active) return done(sessionInvalid());
        request.session = session;
        done();
      },
      done,
    );
  };

  // A callback hook rather than an async one: a guest token verified before is answered without a promise.
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const token = bearerToken(request);
      if (!token) return done(unauthorized('Missing access token'));
      const cached = tokens.cachedSession(token);
      if (cached) return admit(request, cached, done);
      tokens.verifyAccessToken(token).then((session) => {
        if (!session) return done(unauthorized('Invalid or expired access token'));
        admit(request, session, done);
      }, done);
    },
  );

  const failures = app.createRateLimit({
    max: STAFF_FAILURES_MAX,
    timeWindow: STAFF_FAILURES_WINDOW,
    keyGenerator: (request) => `staff-credentials:${request.clientAddress}`,
  });
  const staffAttempts: StaffAttempts = {
    check: async (request) => {
      const state = await failures(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw new DomainError(429, {
          key: 'TooManyAttempts',
          code: 429,
          message: `Too many failed staff sign-ins. Try again in ${Math.max(1, Math.ceil(state.ttlInSeconds / 60))} minutes.`,
        });
      }
    },
    fail: async (request) => {
      await failures(request);
    },
  };
  app.decorate('staffAttempts', staffAttempts);
  app.decorateRequest('staffSessionId', null);

  app.decorate('authenticateStaff', async (request: FastifyRequest) => {
    const sessionToken = bearerToken(request);
    if (sessionToken) {
      // A session token is 256 random bits: not worth guessing, so it is not held back by the failed-tries limit.
      // A kitchen screen signed in keeps working while its address (often the storefront server's, shared by all
      // screens) is locked out of signing in by someone else's wrong keys.
      const session = await getStaffSession(app.db, sessionToken);
      if (!session) throw unauthorized('Invalid or ended staff session');
      request.staffSessionId = session.id;
      return;
    }
    const header = request.headers[STAFF_KEY_HEADER];
    const staffKey = typeof header === 'string' ? header : null;
    if (!staffKey) throw unauthorized('Missing staff session');
    // The key is what can be guessed: past the failed tries even the right key is refused, so a guess tells nothing.
    await staffAttempts.check(request);
    if ((await findStaffKey(app.db, staffKey)) !== null) return;
    await staffAttempts.fail(request);
    throw unauthorized('Invalid staff key');
  });
});
