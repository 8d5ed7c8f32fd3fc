/**
 * Customer sign-in, sessions and sign-out. A sign-in opens a customer session (a row the API checks on every user
 * request, so that logout and a password reset end it at once) with a refresh token kept only as its SHA-256,
 * and answers a user access token in the guest's order session (its cart carries over). Refresh tokens rotate:
 * each refresh uses the current one and answers the next; a used one presented again ends the session.
 *
 * Failed sign-ins (OWASP ASVS 5.0 V6.3, NIST SP 800-63B 5.2.2) are counted per client address and per e-mail
 * address, in the rate-limit store, for addresses with and without an account alike (so neither the answers nor
 * the counts tell which exist). Past its limit a client address is refused; an e-mail address is never locked but
 * throttled: past SIGN_IN_THROTTLE_FROM failures it takes one attempt per interval, doubling to a minute, so a
 * guesser gets slow while the owner still gets in (after at most a minute's wait).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_ERROR,
  ACCOUNT_MESSAGES,
  type AccountDetails,
  type LoginValue,
} from '@storefront/contracts/accounts';
import type { TokenValue } from '@storefront/contracts/auth';
import { OrderChannelSchema, type OrderChannel } from '@storefront/contracts/enums';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { Session, TokenService } from '../../lib/tokens';
import {
  findCustomerByEmail,
  findRefreshTokenForUpdate,
  hasRefreshTokenUsedAfter,
  insertCustomerSession,
  insertRefreshToken,
  isCustomerSessionActive,
  revokeCustomerSession,
  updateRefreshTokenUsed,
  type CustomerRow,
} from './accounts.repository';
import { unknownCustomerHash, verifyPassword } from './passwords';

/** A customer session lasts 30 days from the sign-in (no refresh after it: sign in again). */
export const CUSTOMER_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * A refresh token used less than this long ago may be presented again without ending the session: the storefront
 * refreshes from every page request, and a browser's parallel requests (a page and its prefetches) can all carry
 * the same token. Such a repeat gets an access token and no new refresh token (the first answer's stays current).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** Failed sign-ins per client address in SIGN_IN_ADDRESS_WINDOW, whatever the e-mail; then 429 until it ends. */
export const SIGN_IN_ADDRESS_MAX = 20;
export const SIGN_IN_ADDRESS_WINDOW_MS = 15 * 60_000;
/**
 * Sign-in attempts per client address per second, whatever their outcome: failures are counted when they are
 * answered, so without this a burst of parallel attempts would all pass the failure count before any landed.
 */
export const SIGN_IN_ADDRESS_BURST = 5;
/** Failed sign-ins of one e-mail address are counted over this window (from its first failure). */
export const SIGN_IN_EMAIL_WINDOW_MS = 60 * 60_000;
/** From this many failures of an e-mail address in its window, it takes one attempt per throttle interval. */
export const SIGN_IN_THROTTLE_FROM = 10;
/** The interval: 1 s at SIGN_IN_THROTTLE_FROM failures, doubling with each further one, at most 60 s. */
export const SIGN_IN_THROTTLE_FIRST_MS = 1_000;
export const SIGN_IN_THROTTLE_MAX_MS = 60_000;

export const sessionInvalid = () =>
  new DomainError(401, {
    key: 'SessionInvalid',
    code: ACCOUNT_ERROR.SessionInvalid,
    message: ACCOUNT_MESSAGES.sessionReset,
  });

export const invalidCredentials = () =>
  new DomainError(401, {
    key: 'InvalidCredentials',
    code: ACCOUNT_ERROR.InvalidCredentials,
    message: ACCOUNT_MESSAGES.invalidCredentials,
  });

/** 429 TooManyAttempts, with Retry-After (whole seconds, at least 1). */
export const tooManyAttempts = (retryAfterMs: number) =>
  new DomainError(
    429,
    { key: 'TooManyAttempts', code: 429, message: ACCOUNT_MESSAGES.tooManyAttempts },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );

/** SHA-256 of a random token (refresh, activation, reset): 256 random bits need no slow hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: what refresh, activation and reset tokens are made of. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function accountDetailsOf(customer: CustomerRow): AccountDetails {
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
  };
}

/** The signed-in customer's id; a guest token is refused with 401 (these routes are for customers). */
export function requireCustomer(session: Session): { userId: number; customerSessionId: string } {
  if (session.userId === null || session.customerSessionId === null) {
    throw new DomainError(401, { key: 'Unauthorized', code: 401, message: 'Sign in first' });
  }
  return { userId: session.userId, customerSessionId: session.customerSessionId };
}

/**
 * Whether a user token's customer session is still open (not revoked, not expired, of this customer): one
 * primary-key lookup on every user request.
 */
export function isSessionActive(db: Db, session: { userId: number; customerSessionId: string }) {
  return isCustomerSessionActive(db, session.customerSessionId, session.userId, new Date());
}

/**
 * For a route whose hook left the session check to it (auth.ts, customerSessionCheckedByRoute) and that has no
 * statement of its own to carry it: throws 401 SessionInvalid when a user token's customer session is closed;
 * a guest token needs nothing.
 */
export async function assertSessionActive(db: Db, session: Session): Promise<void> {
  if (session.userId === null || session.customerSessionId === null) return;
  const active = await isSessionActive(db, {
    userId: session.userId,
    customerSessionId: session.customerSessionId,
  });
  if (!active) throw sessionInvalid();
}

/**
 * The failed sign-in counts, kept outside the database (the rate-limit store: in Redis across processes with
 * REDIS_URL). The route binds them to the request's client address and e-mail address.
 */
export interface SignInAttempts {
  /** Failures of the client address in its window, and the milliseconds until the window ends. */
  addressFailures: () => Promise<{ count: number; resetInMs: number }>;
  /** Takes one of the client address's SIGN_IN_ADDRESS_BURST attempts of this second: 0, or the ms to wait. */
  takeAddressBurst: () => Promise<number>;
  /** Failures of the e-mail address in its window. */
  emailFailures: () => Promise<number>;
  /**
   * Takes the e-mail address's next attempt if none was taken in the last `intervalMs`: 0 when taken, else the
   * milliseconds until one may be.
   */
  takeEmailSlot: (intervalMs: number) => Promise<number>;
  /** Counts one failure of both. */
  fail: () => Promise<void>;
}

/** The throttle interval of an e-mail address with this many failures in its window (0: not throttled). */
export function signInThrottleMs(failures: number): number {
  if (failures < SIGN_IN_THROTTLE_FROM) return 0;
  const doublings = Math.min(failures - SIGN_IN_THROTTLE_FROM, 16);
  return Math.min(SIGN_IN_THROTTLE_MAX_MS, SIGN_IN_THROTTLE_FIRST_MS * 2 ** doublings);
}

/**
 * Refuses (429 TooManyAttempts, Retry-After) a client address past SIGN_IN_ADDRESS_MAX failed sign-ins, or past
 * SIGN_IN_ADDRESS_BURST attempts this second, before any other work: every sign-in from it, whichever e-mail
 * address and password, known or not.
 */
export async function refuseThrottledAddress(attempts: SignInAttempts): Promise<void> {
  const address = await attempts.addressFailures();
  if (address.count >= SIGN_IN_ADDRESS_MAX) throw tooManyAttempts(address.resetInMs);
  const burstWaitMs = await attempts.takeAddressBurst();
  if (burstWaitMs > 0) throw tooManyAttempts(burstWaitMs);
}

export type SignInResult = { kind: 'signedIn'; value: LoginValue } | { kind: 'inactive'; accountId: number };

export interface SignInInput {
  email: string;
  password: string;
  /** The guest's (or a user's) session the sign-in is made with: its order session carries over. */
  session: Session;
}

/**
 * A failed sign-in is answered no sooner than this after it began. Unknown addresses and wrong passwords do the same
 * argon2 work and the same counting; under this floor both also answer at the same time (a customer who mistypes
 * waits a quarter of a second).
 */
export const FAILED_SIGN_IN_FLOOR_MS = 250;

async function answerFailure(startedAt: number) {
  const wait = startedAt + FAILED_SIGN_IN_FLOOR_MS - performance.now();
  if (wait > 0) await sleep(wait);
}

/**
 * Opens a customer session (a refresh-token family) for a customer who proved who they are, in `tx`: its id
 * (the user token's `csid`), its first refresh token (returned once, stored as SHA-256) and its absolute end.
 * Every sign-in (password or another proof) opens its session through this.
 */
export async function openCustomerSession(
  tx: Db,
  input: { customerId: number; orderSessionId: string },
  now: Date = new Date(),
): Promise<{ customerSessionId: string; refreshToken: string; expiresAt: Date }> {
  const refreshToken = newToken();
  const customerSessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_TTL_SECONDS * 1000);
  await insertCustomerSession(tx, {
    id: customerSessionId,
    customerId: input.customerId,
    orderSessionId: input.orderSessionId,
    expiresAt,
  });
  await insertRefreshToken(tx, { tokenHash: hashToken(refreshToken), customerSessionId });
  return { customerSessionId, refreshToken, expiresAt };
}

/**
 * CRM sign-in. A throttled e-mail address (past SIGN_IN_THROTTLE_FROM failures, its interval not over) is 429
 * before any work; a wrong password and an unknown e-mail fail alike (401 InvalidCredentials, after the same
 * argon2 work, the same counting and the same floor); an inactive account with the right password is `inactive`
 * (the route answers 403 with its id, for resend-activation).
 */
export async function signIn(
  db: Db,
  tokens: TokenService,
  input: SignInInput,
  attempts: SignInAttempts,
  now: Date = new Date(),
): Promise<SignInResult> {
  const interval = signInThrottleMs(await attempts.emailFailures());
  if (interval > 0) {
    const waitMs = await attempts.takeEmailSlot(interval);
    if (waitMs > 0) throw tooManyAttempts(waitMs);
  }
  const startedAt = performance.now();
  const customer = await findCustomerByEmail(db, input.email);
  const passwordOk = await verifyPassword(
    customer?.passwordHash ?? (await unknownCustomerHash()),
    input.password,
  );
  if (!customer || !passwordOk) {
    await attempts.fail();
    await answerFailure(startedAt);
    throw invalidCredentials();
  }
  if (!customer.activatedAt) return { kind: 'inactive', accountId: customer.id };

  const opened = await db.transaction((tx) =>
    openCustomerSession(tx, { customerId: customer.id, orderSessionId: input.session.sid }, now),
  );
  const signed = await tokens.signAccessToken({
    appType: input.session.appType,
    sid: input.session.sid,
    user: { userId: customer.id, customerSessionId: opened.customerSessionId },
  });
  return {
    kind: 'signedIn',
    value: {
      accessToken: signed.token,
      tokenType: 'Bearer',
      expiresIn: signed.expiresIn,
      appType: input.session.appType,
      refreshToken: opened.refreshToken,
      refreshExpiresIn: CUSTOMER_SESSION_TTL_SECONDS,
      account: accountDetailsOf(customer),
    },
  };
}

/** Logout: ends the customer session of this user token (its access and refresh tokens stop at once). */
export async function signOut(db: Db, session: Session, now: Date = new Date()): Promise<void> {
  const { customerSessionId } = requireCustomer(session);
  await revokeCustomerSession(db, customerSessionId, now);
}

type RefreshOutcome =
  | { kind: 'invalid' }
  | { kind: 'reused' }
  | {
      kind: 'ok';
      session: { id: string; customerId: number; orderSessionId: string; expiresAt: Date };
      next: string | null;
    };

/**
 * Refresh grant with rotation: a new user access token for `appType` (the client's) in the session the refresh
 * token opens, with its order session and customer session, and the session's next refresh token (the one
 * presented is used up). 401 SessionInvalid (10005) when the session was revoked or has expired, or the token is
 * not one. The token used last, presented again within REFRESH_REUSE_GRACE_SECONDS of its use, gets an access
 * token without a new refresh token; any other used token is taken for a stolen copy: the whole session (every refresh token and
 * access token of that sign-in) ends, and the answer is 401 SessionInvalid.
 */
export async function refreshCustomerToken(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  appType: OrderChannel,
  now: Date = new Date(),
): Promise<TokenValue> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(tx, tokenHash);
    if (!row || row.revokedAt !== null || row.expiresAt <= now) return { kind: 'invalid' };
    const session = {
      id: row.sessionId,
      customerId: row.customerId,
      orderSessionId: row.orderSessionId,
      expiresAt: row.expiresAt,
    };
    if (row.usedAt === null) {
      const next = newToken();
      await updateRefreshTokenUsed(tx, tokenHash, now);
      await insertRefreshToken(tx, { tokenHash: hashToken(next), customerSessionId: row.sessionId });
      return { kind: 'ok', session, next };
    }
    // The grace is for the token rotated last only: one older than that was sent after its successor was used.
    if (
      now.getTime() - row.usedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000 &&
      !(await hasRefreshTokenUsedAfter(tx, row.sessionId, row.usedAt))
    ) {
      return { kind: 'ok', session, next: null };
    }
    await revokeCustomerSession(tx, row.sessionId, now);
    return { kind: 'reused' };
  });
  if (outcome.kind !== 'ok') throw sessionInvalid();
  const { session, next } = outcome;
  const signed = await tokens.signAccessToken({
    appType: OrderChannelSchema.parse(appType),
    sid: session.orderSessionId,
    user: { userId: session.customerId, customerSessionId: session.id },
  });
  return {
    accessToken: signed.token,
    tokenType: 'Bearer',
    expiresIn: signed.expiresIn,
    appType,
    userId: session.customerId,
    ...(next === null
      ? {}
      : {
          refreshToken: next,
          refreshExpiresIn: Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
        }),
  };
}
