/**
 * The loyalty program as the storefront sees it: the signed-in member's balance and points history, points
 * earned and held points spent when an order completes (given back when it is cancelled), and the single-sign-on
 * token of the brand's own app exchanged for a customer session. The points themselves live with the loyalty
 * provider (providers/loyalty): ours by default.
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { LoginValue } from '@storefront/contracts/accounts';
import { LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import {
  LOYALTY_ERROR,
  LOYALTY_MESSAGES,
  SSO_TOKEN_AUDIENCE,
  SSO_TOKEN_MAX_LIFETIME_SECONDS,
  pointsToCents,
  type LoyaltyAccount,
} from '@storefront/contracts/loyalty';
import { centsToDollars } from '@storefront/contracts/money';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { DomainError } from '../../lib/errors';
import type { Session, TokenService } from '../../lib/tokens';
import { loyaltyProviderFor, type LoyaltyProviderAdapter } from '../../providers/loyalty';
import { findCustomerByEmail, findCustomerById, insertCustomer } from '../accounts/accounts.repository';
import { hashPassword } from '../accounts/passwords';
import {
  CUSTOMER_SESSION_TTL_SECONDS,
  accountDetailsOf,
  openCustomerSession,
  requireCustomer,
} from '../accounts/sessions.service';
import {
  findIdentityCustomer,
  findOrderMember,
  insertIdentity,
  insertSpentSsoToken,
} from './loyalty.repository';

/** Entries of the points history My account shows (the latest). */
export const LOYALTY_HISTORY_LIMIT = 50;

function provider(): LoyaltyProviderAdapter {
  const adapter = loyaltyProviderFor(LOYALTY_PROVIDER.OpenProviderLoyalty);
  if (!adapter) throw new Error('The built-in loyalty provider is missing');
  return adapter;
}

const notAMember = () =>
  new DomainError(404, {
    key: 'LoyaltyProgramNotFound',
    code: LOYALTY_ERROR.NotAMember,
    message: 'This brand has no loyalty program',
  });

/**
 * The signed-in customer's points at the storefront's brand (LOYALTY_BRAND_ID): balance, held points and the
 * latest history. 401 for a guest token; 404 (23001) when the brand has no program.
 */
export async function getLoyaltyAccount(db: Db, env: Env, session: Session): Promise<LoyaltyAccount> {
  const { userId } = requireCustomer(session);
  const loyalty = provider();
  const program = await loyalty.getProgram(db, env.LOYALTY_BRAND_ID);
  if (!program) throw notAMember();
  const member = { brandId: program.brandId, customerId: userId };
  const [points, history] = await Promise.all([
    loyalty.getPoints(db, member),
    loyalty.listHistory(db, member, LOYALTY_HISTORY_LIMIT),
  ]);
  return {
    programName: program.name,
    pointsPerDollar: program.pointsPerDollar,
    pointsPerRewardDollar: program.pointsPerRewardDollar,
    loyaltyBalance: {
      netPointsBalance: points.pointsBalance,
      redeemableAmountBalance: centsToDollars(
        pointsToCents(points.pointsBalance, program.pointsPerRewardDollar),
      ),
    },
    heldPoints: points.heldPoints,
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
  };
}

/**
 * A placed order has completed (inside the status change's transaction, `tx` its handle): the customer earns
 * points on its item total after discounts, and points held for its reward are spent. Nothing for a guest's
 * order or a brand without a program; a repeat does nothing (each order earns and spends once).
 */
export async function settleCompletedOrder(tx: Db, orderId: number): Promise<void> {
  const order = await findOrderMember(tx, orderId);
  if (!order || order.userId === null) return;
  const member = { brandId: order.brandId, customerId: order.userId };
  const loyalty = provider();
  await loyalty.spend(tx, member, orderId);
  await loyalty.earn(tx, member, orderId, order.subtotalCents - order.discountCents);
}

/** A placed order was cancelled (in its transaction): points held for its reward are given back. */
export async function releaseCancelledOrder(tx: Db, orderId: number): Promise<void> {
  const order = await findOrderMember(tx, orderId);
  if (!order || order.userId === null) return;
  await provider().release(tx, { brandId: order.brandId, customerId: order.userId }, orderId);
}

// ---------------------------------------------------------------------------------------------------------
// Single sign-on token from the brand's own app
// ---------------------------------------------------------------------------------------------------------

const SsoClaimsSchema = z.object({
  sub: z.string().min(1).max(200),
  jti: z.string().min(8).max(200),
  iat: z.number(),
  exp: z.number(),
  email: z.string().email().max(254),
  given_name: z.string().max(100).default(''),
  family_name: z.string().max(100).default(''),
  phone_number: z
    .string()
    .max(30)
    .transform((p) => p.replace(/\D/g, '').slice(-10))
    .default(''),
});

const ssoTokenInvalid = () =>
  new DomainError(401, {
    key: 'SsoTokenInvalid',
    code: LOYALTY_ERROR.SsoTokenInvalid,
    message: LOYALTY_MESSAGES.loginFailed,
  });

/**
 * Exchanges a single-sign-on token minted by the brand's app (HS256 under LOYALTY_SSO_SECRET, `iss`
 * LOYALTY_SSO_ISSUER, `aud` 'storefront', `exp` at most 5 minutes after `iat`, a unique `jti`, the member's
 * `sub` and `email`) for a customer session in the caller's order session. The member signs in as the customer
 * the subject signed in as before, else as the customer with that e-mail address, else as a new customer.
 * Any fault (signature, audience, issuer, expiry, a second use) is 401 23010 'Login attempt failed'.
 */
export async function exchangeSsoToken(
  db: Db,
  tokens: TokenService,
  env: Env,
  session: Session,
  securityToken: string,
  now: Date = new Date(),
): Promise<LoginValue> {
  if (env.LOYALTY_SSO_SECRET === null) throw ssoTokenInvalid();
  let claims: z.infer<typeof SsoClaimsSchema>;
  try {
    const verified = await jwtVerify(securityToken, createSecretKey(Buffer.from(env.LOYALTY_SSO_SECRET)), {
      algorithms: ['HS256'],
      issuer: env.LOYALTY_SSO_ISSUER,
      audience: SSO_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      maxTokenAge: SSO_TOKEN_MAX_LIFETIME_SECONDS,
      currentDate: now,
    });
    const parsed = SsoClaimsSchema.safeParse(verified.payload);
    if (!parsed.success || parsed.data.exp - parsed.data.iat > SSO_TOKEN_MAX_LIFETIME_SECONDS) {
      throw ssoTokenInvalid();
    }
    claims = parsed.data;
  } catch (error) {
    if (error instanceof DomainError || error instanceof joseErrors.JOSEError) throw ssoTokenInvalid();
    throw error;
  }
  const verifiedClaims = claims;
  return signInMember(db, tokens, session, {
    issuer: env.LOYALTY_SSO_ISSUER,
    subject: verifiedClaims.sub,
    email: verifiedClaims.email,
    // The brand's app signed the address: it is the member's.
    emailVerified: true,
    firstName: verifiedClaims.given_name,
    lastName: verifiedClaims.family_name,
    phoneNumber: verifiedClaims.phone_number,
    now,
    inTransaction: async (tx) => {
      if (!(await insertSpentSsoToken(tx, verifiedClaims.jti, new Date(verifiedClaims.exp * 1000), now))) {
        throw ssoTokenInvalid();
      }
    },
  });
}

/** A member the loyalty provider vouches for: its subject at an issuer, and what it says of them. */
export interface VouchedMember {
  issuer: string;
  subject: string;
  email: string;
  /** Whether the provider verified `email` (only then may it sign in to an account that already has it). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** 10 digits, or '' when the provider has none. */
  phoneNumber: string;
  now: Date;
  /** Runs first in the sign-in's transaction (a single-use mark); what it throws ends the sign-in. */
  inTransaction?: (tx: Db) => Promise<void>;
}

/**
 * Signs a member the loyalty provider vouches for in, in the caller's order session (its cart carries over): as
 * the customer their subject signed in as before, else the customer with their e-mail address (a verified one),
 * else a new customer (with a random password never told: they sign in through the provider). 401 (23010 'Login
 * attempt failed') when an unverified address belongs to an account already.
 */
export async function signInMember(
  db: Db,
  tokens: TokenService,
  session: Session,
  member: VouchedMember,
): Promise<LoginValue> {
  const { now } = member;
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    if (member.inTransaction) await member.inTransaction(tx);
    let customer = await findIdentityCustomer(tx, member.issuer, member.subject);
    if (!customer) {
      const email = member.email.trim().toLowerCase();
      customer = await findCustomerByEmail(tx, email);
      if (customer && !member.emailVerified) throw ssoTokenInvalid();
      if (!customer) {
        const id = await insertCustomer(tx, {
          email,
          passwordHash: unusablePassword,
          firstName: member.firstName,
          lastName: member.lastName,
          phoneNumber: member.phoneNumber,
        });
        customer = id === null ? null : await findCustomerById(tx, id);
      }
      if (!customer) throw ssoTokenInvalid();
      await insertIdentity(tx, { issuer: member.issuer, subject: member.subject, customerId: customer.id });
    }
    // The customer session every sign-in opens (accounts module): logout and refresh work as for a password one.
    const opened = await openCustomerSession(
      tx,
      { customerId: customer.id, orderSessionId: session.sid },
      now,
    );
    const signed = await tokens.signAccessToken({
      appType: session.appType,
      sid: session.sid,
      user: { userId: customer.id, customerSessionId: opened.customerSessionId },
    });
    return {
      accessToken: signed.token,
      tokenType: 'Bearer' as const,
      expiresIn: signed.expiresIn,
      appType: session.appType,
      refreshToken: opened.refreshToken,
      refreshExpiresIn: CUSTOMER_SESSION_TTL_SECONDS,
      account: accountDetailsOf(customer),
    };
  });
}
