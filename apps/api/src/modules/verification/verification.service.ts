/**
 * SMS identity verification of an order's phone (checkout spec: SMS verification). A code generation texts a
 * 6-digit code from the CSPRNG through the outbox (in the transaction that stores the code, only as an HMAC);
 * a verification checks the digits and answers a verified access token: the session's token with the identity
 * claim (this order, this phone) that a payment method with requiresVerifiedIdentity needs (hasVerifiedIdentity).
 *
 * Limits (VERIFICATION_LIMITS, stated in the README): a code lives 10 minutes; the newest code of the order is the
 * only one that counts; 5 wrong tries per order over all its codes (a resend never gives more: NIST SP 800-63B),
 * then the order is blocked (1412); 10 wrong tries per phone in 24 hours over all orders block the phone (1416);
 * a new code no sooner than 30 s after the last (1413), 5 per order (1417) and 10 per phone (1418) an hour.
 * Every check runs with the order's row locked, so parallel tries are counted one by one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  VERIFICATION_ERROR,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  maskPhone,
  type OtpResponse,
  type VerificationCodeGenerationBody,
  type VerifiedAccessToken,
  type VerifiedAccessTokenBody,
} from '@storefront/contracts/verification';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { Session, TokenService } from '../../lib/tokens';
import { enqueueSms } from '../../providers/email/outbox';
import { updateOrder, type OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { checkPhone, toE164 } from './phone';
import {
  findLatestCode,
  findOrderCodeCounts,
  findPhoneCodeCounts,
  findStoreName,
  incrementCodeFailures,
  insertVerificationCode,
  markCodeUsed,
  markOrderVerified,
} from './verification.repository';

const L = VERIFICATION_LIMITS;
const M = VERIFICATION_MESSAGES;
const E = VERIFICATION_ERROR;

const fail = (status: number, key: string, code: number, message: string) =>
  new DomainError(status, { key, code, message });

const invalidPhone = (reason: 'invalid' | 'unsupported') =>
  reason === 'invalid'
    ? fail(422, 'InvalidPhone', E.InvalidPhone, M.invalidPhone)
    : fail(422, 'UnsupportedPhone', E.UnsupportedPhone, M.invalidPhone);
const alreadyVerified = () => fail(422, 'AlreadyVerified', E.AlreadyVerified, M.alreadyVerified);
const orderBlocked = () => fail(422, 'TooManyAttempts', E.TooManyAttempts, M.blockedText);
const phoneBlocked = () => fail(422, 'PhoneBlocked', E.PhoneBlocked, M.blockedText);
const tryLater = (key: string, code: number) => fail(429, key, code, M.dialogText);

/** The code's HMAC, keyed with the API's secret and bound to the order: a leaked table reveals no code. */
export function hashCode(secret: string, orderId: number, code: string): string {
  return createHmac('sha256', `verification-code:${secret}`).update(`${orderId}:${code}`).digest('base64url');
}

/** Whether the session's token carries the identity claim for this order and its current phone. */
export function hasVerifiedIdentity(session: Session, order: OrderRow): boolean {
  const claim = session.verifiedIdentity;
  if (!claim || claim.orderId !== order.id || order.identityVerifiedAt === null) return false;
  const phone = toE164(order.contactPhone);
  return phone !== null && claim.phone === phone && order.identityVerifiedPhone === phone;
}

/** A code's life as a guest reads it: '10 minutes', '1 minute', '45 seconds'. */
export function lifeText(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** The code's text: what it is, for which store, and for how long. */
function codeText(code: string, store: string | null, lifeSeconds: number): string {
  const where = store ? ` at ${store}` : '';
  return `${code} is your verification code for your order${where}. It expires in ${lifeText(lifeSeconds)}. Never share it.`;
}

/**
 * Texts a new code for the order (POST .../verification-code-generations). Fails with the spec's codes: 6001/6002
 * for a phone we cannot text, 8001 when this session already verified it, 1412/1416 when blocked, 1413/1417/1418
 * when asked too often (429).
 */
export async function generateVerificationCode(
  db: Db,
  env: { JWT_SECRET: string; VERIFICATION_CODE_TTL_SECONDS: number },
  session: Session,
  orderId: number,
  body: VerificationCodeGenerationBody,
): Promise<OtpResponse> {
  return db.transaction(async (tx) => {
    let order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const check = checkPhone(body.phone ?? order.contactPhone);
    if (!check.ok) throw invalidPhone(check.reason);
    if (body.phone !== undefined && toE164(order.contactPhone) !== check.e164) {
      // The number verified is the number the order carries (the form keeps 10 digits).
      order = (await updateOrder(tx, order.id, { contactPhone: check.national })) ?? order;
    }
    if (hasVerifiedIdentity(session, order)) throw alreadyVerified();
    const forOrder = await findOrderCodeCounts(tx, order.id);
    if (forOrder.failures >= L.failuresPerOrder) throw orderBlocked();
    const forPhone = await findPhoneCodeCounts(tx, check.e164, L.failureWindowHours);
    if (forPhone.failures >= L.failuresPerPhone) throw phoneBlocked();
    if (forOrder.secondsSinceLast !== null && forOrder.secondsSinceLast < L.resendAfterSeconds) {
      throw tryLater('ResendTooSoon', E.ResendTooSoon);
    }
    if (forOrder.lastHour >= L.codesPerOrderPerHour)
      throw tryLater('TooManyCodesForOrder', E.TooManyCodesForOrder);
    if (forPhone.lastHour >= L.codesPerPhonePerHour)
      throw tryLater('TooManyCodesForPhone', E.TooManyCodesForPhone);

    const code = String(randomInt(0, 10 ** L.codeDigits)).padStart(L.codeDigits, '0');
    const row = await insertVerificationCode(tx, {
      orderId: order.id,
      phone: check.e164,
      codeHash: hashCode(env.JWT_SECRET, order.id, code),
      lifeSeconds: env.VERIFICATION_CODE_TTL_SECONDS,
    });
    const sent = await enqueueSms(tx, {
      to: check.e164,
      body: codeText(code, await findStoreName(tx, order.locationId), env.VERIFICATION_CODE_TTL_SECONDS),
      label: 'Verification code',
    });
    // The number replied STOP: no text can reach it, so no code can be entered.
    if (!sent) throw tryLater('PhoneOptedOut', E.TooManyCodesForPhone);
    return {
      digits: Array.from({ length: L.codeDigits }, () => '' as const),
      maskedPhone: maskPhone(check.e164),
      expiresAt: row.expiresAt.toISOString(),
    };
  });
}

type Outcome = { ok: true; phone: string } | { ok: false; error: DomainError };

/**
 * Checks the digits against the order's newest code (POST .../verified-access-token) and answers the verified
 * access token. Fails with 6003 (not 6 digits), 1411 (wrong, tries left), 1412 (the order's tries are spent: the
 * wrong try that spends them answers it too), 1414 (no code to check), 1415 (expired), 1416 (phone blocked), 8001
 * (this session already verified it), 6001/6002 (the order's phone is not textable).
 */
export async function verifyCode(
  db: Db,
  env: { JWT_SECRET: string },
  tokens: TokenService,
  session: Session,
  orderId: number,
  body: VerifiedAccessTokenBody,
): Promise<VerifiedAccessToken> {
  const digits = body.digits.join('');
  const wellFormed = body.digits.length === L.codeDigits && /^[0-9]+$/.test(digits);
  // A wrong try is counted, so the transaction commits and its error is thrown after it.
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const check = checkPhone(order.contactPhone);
    if (!check.ok) return { ok: false, error: invalidPhone(check.reason) };
    if (hasVerifiedIdentity(session, order)) return { ok: false, error: alreadyVerified() };
    const forPhone = await findPhoneCodeCounts(tx, check.e164, L.failureWindowHours);
    if (forPhone.failures >= L.failuresPerPhone) return { ok: false, error: phoneBlocked() };
    const forOrder = await findOrderCodeCounts(tx, order.id);
    if (forOrder.failures >= L.failuresPerOrder) return { ok: false, error: orderBlocked() };
    if (!wellFormed) return { ok: false, error: fail(422, 'MalformedCode', E.MalformedCode, M.invalidCode) };
    const latest = await findLatestCode(tx, order.id);
    if (!latest || latest.usedAt !== null || latest.phone !== check.e164) {
      return { ok: false, error: fail(422, 'NoActiveCode', E.NoActiveCode, M.invalidCode) };
    }
    if (latest.expired) return { ok: false, error: fail(422, 'CodeExpired', E.CodeExpired, M.codeExpired) };
    const expected = Buffer.from(latest.codeHash);
    const given = Buffer.from(hashCode(env.JWT_SECRET, order.id, digits));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await incrementCodeFailures(tx, latest.id);
      if (forPhone.failures + 1 >= L.failuresPerPhone) return { ok: false, error: phoneBlocked() };
      if (forOrder.failures + 1 >= L.failuresPerOrder) return { ok: false, error: orderBlocked() };
      return { ok: false, error: fail(422, 'WrongCode', E.WrongCode, M.invalidCode) };
    }
    await markCodeUsed(tx, latest.id);
    await markOrderVerified(tx, order.id, check.e164);
    return { ok: true, phone: check.e164 };
  });
  if (!outcome.ok) throw outcome.error;
  const signed = await tokens.signAccessToken({
    appType: session.appType,
    sid: session.sid,
    ...(session.userId !== null && session.customerSessionId !== null
      ? { user: { userId: session.userId, customerSessionId: session.customerSessionId } }
      : {}),
    verifiedIdentity: { orderId, phone: outcome.phone },
  });
  return { accessToken: signed.token, expiresIn: signed.expiresIn };
}
