/**
 * JWTs signed by the API (HS256: signed with fast-jwt, verified with jose). Access tokens carry the session id that owns orders, the app type
 * (order channel) and, for signed-in customers, the user id and the customer session (`csid`, a row of
 * customer_sessions that `authenticate` checks on every user request, so that logout and a password reset end the
 * token at once). Tracking tokens open one order's tracking page.
 */
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { OrderChannelSchema, type OrderChannel } from '@storefront/contracts/enums';

export interface Session {
  /** Session id: every order created with this token belongs to it. */
  sid: string;
  appType: OrderChannel;
  userId: number | null;
  /** The customer session (customer_sessions.id) of a user token; null for a guest token. */
  customerSessionId: string | null;
  /**
   * The identity claim of a verified access token (modules/verification): this session proved by SMS code that
   * it holds `phone` (E.164) for order `orderId`. Absent on every other token.
   */
  verifiedIdentity?: VerifiedIdentity;
}

export interface VerifiedIdentity {
  orderId: number;
  phone: string;
}

const AccessClaimsSchema = z.object({
  typ: z.literal('access'),
  sid: z.string().uuid(),
  app: OrderChannelSchema,
  uid: z.number().int().optional(),
  csid: z.string().uuid().optional(),
  vid: z.object({ oid: z.number().int(), ph: z.string().max(20) }).optional(),
});

const TrackingClaimsSchema = z.object({ typ: z.literal('tracking'), oid: z.number().int() });

const ExpirySchema = z.object({ exp: z.number() });

/** Verified access tokens kept in memory (a bound on entries; each entry lives until its token expires). */
const VERIFIED_CACHE_MAX = 10_000;

interface VerifiedEntry {
  session: Session;
  /** Expiry of the token in epoch seconds (the `exp` claim). */
  exp: number;
}

export class TokenService {
  /** The HMAC key imported once (a raw Uint8Array would be imported again on every verification). */
  private readonly key: KeyObject;
  /**
   * Verified access tokens by their exact string, in least-recently-used order. A hit skips the signature check
   * (the same string was verified before) but never outlives the token's `exp`; failures are never cached.
   */
  private readonly verified = new Map<string, VerifiedEntry>();
  /**
   * HS256 signers with `iat` and `exp` (`ttl` seconds later), synchronous with node:crypto's HMAC: jose's SignJWT
   * signs through WebCrypto, which imports the key again and runs the HMAC as an async job on every call, and a
   * placement's tracking token cost more CPU that way than its signature (issue 36).
   */
  private readonly signAccess: (claims: Record<string, unknown>) => string;
  private readonly signTracking: (claims: Record<string, unknown>) => string;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly trackingTtlSeconds: number,
  ) {
    this.key = createSecretKey(new TextEncoder().encode(secret));
    const signer = (ttlSeconds: number) =>
      createSigner({ key: Buffer.from(secret), algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
    this.signAccess = signer(accessTtlSeconds);
    this.signTracking = signer(trackingTtlSeconds);
  }

  /** A guest token (no user), or a user token: `user` names the customer and the customer session. */
  signAccessToken(input: {
    appType: OrderChannel;
    sid?: string;
    user?: { userId: number; customerSessionId: string };
    verifiedIdentity?: VerifiedIdentity;
  }) {
    const sid = input.sid ?? randomUUID();
    const token = this.signAccess({
      typ: 'access',
      sid,
      app: input.appType,
      ...(input.user ? { uid: input.user.userId, csid: input.user.customerSessionId } : {}),
      ...(input.verifiedIdentity
        ? { vid: { oid: input.verifiedIdentity.orderId, ph: input.verifiedIdentity.phone } }
        : {}),
    });
    return Promise.resolve({ token, sid, expiresIn: this.accessTtlSeconds });
  }

  /**
   * The session of an access token verified before and not expired yet, without waiting (the hot path of every
   * authenticated request); null when it was not verified before or has expired: verify it then.
   */
  cachedSession(token: string): Session | null {
    const cached = this.verified.get(token);
    if (!cached) return null;
    this.verified.delete(token);
    if (cached.exp <= Date.now() / 1000) return null;
    this.verified.set(token, cached);
    return { ...cached.session };
  }

  /** The session of a valid access token, or null when it is missing, expired, forged or of another kind. */
  async verifyAccessToken(token: string): Promise<Session | null> {
    const cached = this.cachedSession(token);
    if (cached) return cached;
    const payload = await this.verify(token);
    const claims = AccessClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const { uid, csid } = claims.data;
    // A user id without its customer session (or the reverse) was not signed by us as it is: it could not be
    // checked against customer_sessions, so it could not be revoked.
    if ((uid === undefined) !== (csid === undefined)) return null;
    const session: Session = {
      sid: claims.data.sid,
      appType: claims.data.app,
      userId: uid ?? null,
      customerSessionId: csid ?? null,
      ...(claims.data.vid
        ? { verifiedIdentity: { orderId: claims.data.vid.oid, phone: claims.data.vid.ph } }
        : {}),
    };
    const exp = ExpirySchema.safeParse(payload);
    if (exp.success) this.remember(token, { session, exp: exp.data.exp });
    return { ...session };
  }

  private remember(token: string, entry: VerifiedEntry) {
    if (this.verified.size >= VERIFIED_CACHE_MAX) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, entry);
  }

  signTrackingToken(orderId: number): Promise<string> {
    return Promise.resolve(this.signTracking({ typ: 'tracking', oid: orderId }));
  }

  /** The order id a tracking token opens, or null when it is invalid or expired. */
  async verifyTrackingToken(token: string): Promise<number | null> {
    const claims = TrackingClaimsSchema.safeParse(await this.verify(token));
    return claims.success ? claims.data.oid : null;
  }

  private async verify(token: string): Promise<unknown> {
    try {
      // Every token we sign expires; one without `exp` was not signed by us as it is (or by a bug) and would be
      // valid for ever, so it is refused.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
