/**
 * Customer sign-in, sessions and sign-out. A sign-in opens a customer session (a row the API checks on every user
 * request, so that logout and a password reset end it at once) with a refresh token kept only as its SHA-256,
 * and answers a user access token in the guest's order session (its cart carries over).
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
  findActiveSessionByRefreshHash,
  findCustomerByEmail,
  insertCustomerSession,
  isCustomerSessionActive,
  recordFailedSignIn,
  resetFailedSignIns,
  revokeCustomerSession,
  type CustomerRow,
} from './accounts.repository';
import { unknownCustomerHash, verifyPassword } from './passwords';

/** A customer session lasts 30 days from the sign-in (no refresh after it: sign in again). */
export const CUSTOMER_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** From this many failed sign-ins in a row, each answer waits SIGN_IN_SLOWDOWN_MS (guessing gets slow). */
export const SIGN_IN_SLOWDOWN_FROM = 5;
export const SIGN_IN_SLOWDOWN_MS = 1_000;
/**
 * At this many failed sign-ins in a row the account is locked for SIGN_IN_LOCK_MINUTES (even the right password
 * is refused). The count goes on until a successful sign-in or a password reset: each failure after a lock locks
 * again, so a guesser gets 10 tries and then one per lock, while the owner can always reset the password.
 */
export const SIGN_IN_LOCK_AT = 10;
export const SIGN_IN_LOCK_MINUTES = 15;
/** Failed sign-ins per client address in SIGN_IN_ADDRESS_WINDOW, whatever the account (rate-limit store). */
export const SIGN_IN_ADDRESS_MAX = 20;
export const SIGN_IN_ADDRESS_WINDOW = '15 minutes';

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

export const tooManyAttempts = () =>
  new DomainError(429, { key: 'TooManyAttempts', code: 429, message: ACCOUNT_MESSAGES.tooManyAttempts });

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
 * The failed sign-ins of an e-mail address that has no account, counted outside the database (the rate-limit
 * store). An unknown address slows down and locks like an account does, so neither tells whether it exists.
 */
export interface UnknownEmailAttempts {
  /** Failures of the address in the current window. */
  count: (email: string) => Promise<number>;
  /** Counts one failure; returns the new count. */
  fail: (email: string) => Promise<number>;
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
 * argon2 work, but not the same bookkeeping (a row update for an account, a counter for an unknown address): measured
 * here, a wrong password took 1-4 ms longer at the median than an unknown address (33 pairs, three runs), which
 * enough tries could tell apart. Under this floor both answer at the same time; a customer who mistypes waits a
 * quarter of a second.
 */
export const FAILED_SIGN_IN_FLOOR_MS = 250;

/** Waits out the failure floor and the slowdown (from SIGN_IN_SLOWDOWN_FROM failures) of a failed sign-in. */
async function answerFailure(startedAt: number, failures: number) {
  const floor = startedAt + FAILED_SIGN_IN_FLOOR_MS - performance.now();
  const slowdown = failures >= SIGN_IN_SLOWDOWN_FROM ? SIGN_IN_SLOWDOWN_MS : 0;
  const wait = Math.max(floor, slowdown);
  if (wait > 0) await sleep(wait);
}

/**
 * CRM sign-in. Wrong password and unknown e-mail fail alike (401 InvalidCredentials, after the same argon2 work);
 * a locked account (or an unknown address failed as often) is 429; an inactive account with the right password
 * is `inactive` (the route answers 403 with its id, for resend-activation). Failed tries are counted per account
 * (customers.failed_sign_ins) and slow down, then lock (SIGN_IN_SLOWDOWN_FROM, SIGN_IN_LOCK_AT).
 */
export async function signIn(
  db: Db,
  tokens: TokenService,
  input: SignInInput,
  unknownEmails: UnknownEmailAttempts,
  now: Date = new Date(),
): Promise<SignInResult> {
  const startedAt = performance.now();
  const customer = await findCustomerByEmail(db, input.email);
  if (!customer) {
    if ((await unknownEmails.count(input.email)) >= SIGN_IN_LOCK_AT) throw tooManyAttempts();
    await verifyPassword(await unknownCustomerHash(), input.password);
    await answerFailure(startedAt, await unknownEmails.fail(input.email));
    throw invalidCredentials();
  }
  if (customer.lockedUntil && customer.lockedUntil > now) throw tooManyAttempts();
  if (!(await verifyPassword(customer.passwordHash, input.password))) {
    const lockUntil = new Date(now.getTime() + SIGN_IN_LOCK_MINUTES * 60_000);
    await answerFailure(startedAt, await recordFailedSignIn(db, customer.id, SIGN_IN_LOCK_AT, lockUntil));
    throw invalidCredentials();
  }
  if (!customer.activatedAt) return { kind: 'inactive', accountId: customer.id };

  const refreshToken = newToken();
  const customerSessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_TTL_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await resetFailedSignIns(tx, customer.id);
    await insertCustomerSession(tx, {
      id: customerSessionId,
      customerId: customer.id,
      refreshTokenHash: hashToken(refreshToken),
      orderSessionId: input.session.sid,
      expiresAt,
    });
  });
  const signed = await tokens.signAccessToken({
    appType: input.session.appType,
    sid: input.session.sid,
    user: { userId: customer.id, customerSessionId },
  });
  return {
    kind: 'signedIn',
    value: {
      accessToken: signed.token,
      tokenType: 'Bearer',
      expiresIn: signed.expiresIn,
      appType: input.session.appType,
      refreshToken,
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

/**
 * Refresh grant: a new user access token for `appType` (the client's) in the session the refresh token opens,
 * with its order session and customer session. 401 SessionInvalid (10005) when the session was revoked or has
 * expired, or the token is not one.
 */
export async function refreshCustomerToken(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  appType: OrderChannel,
  now: Date = new Date(),
): Promise<TokenValue> {
  const session = await findActiveSessionByRefreshHash(db, hashToken(refreshToken), now);
  if (!session) throw sessionInvalid();
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
  };
}
