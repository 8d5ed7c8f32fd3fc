/**
 * ALTCHA proof of work (altcha-lib's v1 challenge format, which the contract's CaptchaChallengeSchema describes
 * and the altcha widget solves): the server picks a secret number below CAPTCHA_MAX_NUMBER, publishes
 * SHA-256(salt + number) with an HMAC signature, and the browser finds the number by trying them all. The salt
 * carries the expiry (`?expires=`) and is covered by the hash and so by the signature. No state is kept for a
 * challenge handed out; a solved one is remembered in spent_captchas until it would have expired anyway, so one
 * solution passes once.
 */
import { createHash } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CaptchaChallenge } from '@storefront/contracts/accounts';
import type { Db } from '../../db/client';
import { spentCaptchas } from '../../db/schema/index';
import type { CaptchaProvider, CaptchaResult } from './captcha-provider';

/** A challenge is good for 10 minutes: long enough to fill in a sign-up form, short enough to keep few spent rows. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;
/** Expired spent rows removed by one purge (bounded: a purge never turns into a long delete). */
const PURGE_BATCH = 1_000;
/** A purge runs once every this many successful verifications in a process. */
const PURGE_EVERY = 100;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** The widget's answer (base64 JSON). Only SHA-256 is accepted: the algorithm is the client's to name. */
const AltchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: hex64,
  number: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(512),
  signature: hex64,
  took: z.number().optional(),
});
type AltchaPayload = z.infer<typeof AltchaPayloadSchema>;

/** A new signed challenge, expiring CAPTCHA_TTL_SECONDS from now, whose number is below `maxNumber`. */
export async function createAltchaChallenge(hmacKey: string, maxNumber: number): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey,
    maxnumber: maxNumber,
    expires: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber,
    salt: challenge.salt,
    signature: challenge.signature,
  };
}

function decodePayload(input: string): AltchaPayload | null {
  if (input.length > 8_000 || !/^[A-Za-z0-9+/=_-]+$/.test(input)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(input, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = AltchaPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The expiry the salt carries (seconds since the epoch), or null when it has none. */
function expiresAtOf(payload: AltchaPayload): Date | null {
  const seconds = Number(extractParams(payload).expires);
  return Number.isSafeInteger(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}

export class AltchaProvider implements CaptchaProvider {
  readonly name = 'altcha';
  private verifiedSincePurge = 0;

  /** `db` is the root handle: a captcha is checked before, never inside, the transaction of what it guards. */
  constructor(
    private readonly db: Db,
    private readonly hmacKey: string,
  ) {}

  async verify(input: string): Promise<CaptchaResult> {
    const payload = decodePayload(input);
    if (!payload) return { ok: false, reason: 'invalid' };
    // The signature and the number first (expiry unchecked): a forged payload is 'invalid' whatever it claims.
    if (!(await verifySolution(payload, this.hmacKey, false))) return { ok: false, reason: 'invalid' };
    const expiresAt = expiresAtOf(payload);
    // Every challenge this API signs carries an expiry; one without was not made here.
    if (!expiresAt) return { ok: false, reason: 'invalid' };
    if (expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    const signatureHash = createHash('sha256').update(payload.signature).digest('hex');
    // The insert is the single-use check: two requests with one solution race on the primary key, one wins.
    const inserted = await this.db
      .insert(spentCaptchas)
      .values({ signatureHash, expiresAt })
      .onConflictDoNothing()
      .returning({ signatureHash: spentCaptchas.signatureHash });
    if (inserted.length === 0) return { ok: false, reason: 'spent' };
    this.verifiedSincePurge += 1;
    if (this.verifiedSincePurge >= PURGE_EVERY) {
      this.verifiedSincePurge = 0;
      await purgeSpentCaptchas(this.db);
    }
    return { ok: true };
  }
}

/** Deletes up to PURGE_BATCH spent challenges that have expired (they could not pass again anyway). */
export async function purgeSpentCaptchas(db: Db): Promise<number> {
  const expired = db
    .select({ signatureHash: spentCaptchas.signatureHash })
    .from(spentCaptchas)
    .where(lt(spentCaptchas.expiresAt, sql`now()`))
    .limit(PURGE_BATCH);
  const deleted = await db
    .delete(spentCaptchas)
    .where(sql`${spentCaptchas.signatureHash} in (${expired})`)
    .returning({ signatureHash: spentCaptchas.signatureHash });
  return deleted.length;
}
