/**
 * JWTs signed by the API (HS256, jose). Access tokens carry the session id that owns orders, the app type
 * (order channel) and, for signed-in customers, the user id. Tracking tokens open one order's tracking page.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { OrderChannelSchema, type OrderChannel } from '@storefront/contracts/enums';

export interface Session {
  /** Session id: every order created with this token belongs to it. */
  sid: string;
  appType: OrderChannel;
  userId: number | null;
}

const AccessClaimsSchema = z.object({
  typ: z.literal('access'),
  sid: z.string().uuid(),
  app: OrderChannelSchema,
  uid: z.number().int().optional(),
});

const TrackingClaimsSchema = z.object({ typ: z.literal('tracking'), oid: z.number().int() });

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly trackingTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccessToken(input: { appType: OrderChannel; userId?: number; sid?: string }) {
    const sid = input.sid ?? randomUUID();
    const token = await new SignJWT({
      typ: 'access',
      sid,
      app: input.appType,
      ...(input.userId === undefined ? {} : { uid: input.userId }),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
    return { token, sid, expiresIn: this.accessTtlSeconds };
  }

  /** The session of a valid access token, or null when it is missing, expired, forged or of another kind. */
  async verifyAccessToken(token: string): Promise<Session | null> {
    const payload = await this.verify(token);
    const claims = AccessClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return { sid: claims.data.sid, appType: claims.data.app, userId: claims.data.uid ?? null };
  }

  async signTrackingToken(orderId: number): Promise<string> {
    return new SignJWT({ typ: 'tracking', oid: orderId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${this.trackingTtlSeconds}s`)
      .sign(this.key);
  }

  /** The order id a tracking token opens, or null when it is invalid or expired. */
  async verifyTrackingToken(token: string): Promise<number | null> {
    const claims = TrackingClaimsSchema.safeParse(await this.verify(token));
    return claims.success ? claims.data.oid : null;
  }

  private async verify(token: string): Promise<unknown> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
