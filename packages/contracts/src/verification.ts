/**
 * SMS identity verification (checkout spec: SMS verification; calls POST /api/verification-code-generations and
 * POST /api/verified-access-token with query orderId): the answers, the error codes of the spec's table with what
 * the storefront shows for each, and the limits the API enforces.
 */
import { z } from 'zod';

/** The spec's SMS verification codes, each with the cause the API gives it. */
export const VERIFICATION_ERROR = {
  /** The phone number is missing or cannot be a phone number. */
  InvalidPhone: 6001,
  /** A possible number, but not a valid one we can text (no such number, or outside the US and Canada). */
  UnsupportedPhone: 6002,
  /** The code entered is not 6 digits. */
  MalformedCode: 6003,
  /** This session already verified the order's phone (treated as validated). */
  AlreadyVerified: 8001,
  /** The code is wrong; tries remain. */
  WrongCode: 1411,
  /** The order's code was tried wrongly too often (VERIFICATION_LIMITS.failuresPerOrder): the order is blocked. */
  TooManyAttempts: 1412,
  /** A new code was asked for too soon after the last one (VERIFICATION_LIMITS.resendAfterSeconds). */
  ResendTooSoon: 1413,
  /** No code to check: none was sent for this order and phone, or it was already used. */
  NoActiveCode: 1414,
  /** The code is older than its life (VERIFICATION_LIMITS.codeLifeSeconds). */
  CodeExpired: 1415,
  /** The phone had too many wrong codes over all orders (VERIFICATION_LIMITS.failuresPerPhone): blocked. */
  PhoneBlocked: 1416,
  /** Too many codes for this order in an hour (VERIFICATION_LIMITS.codesPerOrderPerHour). */
  TooManyCodesForOrder: 1417,
  /** Too many codes to this phone in an hour, over all orders (VERIFICATION_LIMITS.codesPerPhonePerHour). */
  TooManyCodesForPhone: 1418,
} as const;

/** The API's limits (README states them): NIST SP 800-63B's rules for a short-lived out-of-band secret. */
export const VERIFICATION_LIMITS = {
  codeDigits: 6,
  codeLifeSeconds: 600,
  /** Wrong tries for one order, over all its codes: a resend never gives more. */
  failuresPerOrder: 5,
  /** Wrong tries for one phone over all orders in failureWindowHours. */
  failuresPerPhone: 10,
  failureWindowHours: 24,
  resendAfterSeconds: 30,
  codesPerOrderPerHour: 5,
  codesPerPhonePerHour: 10,
} as const;

/** How the storefront shows each code (the spec's table): its text, and where. */
export type VerificationErrorMode = 'phone' | 'code' | 'blocked' | 'dialog' | 'validated' | 'unknown';

export const VERIFICATION_MESSAGES = {
  invalidPhone: 'Invalid phone number',
  invalidCode: 'Invalid code',
  codeExpired: 'Code has expired',
  blockedTitle: 'Too many invalid attempts',
  blockedText: 'Sorry, you cannot proceed with the order',
  dialogTitle: 'Oops! An error occurred',
  dialogText: 'Please, verify the phone number and try again in a few minutes',
  alreadyVerified: 'The identity has already been verified',
  unknown: 'Unknown error',
  correct: 'Correct!',
} as const;

/** The mode and text the spec gives a verification error code (500 and anything unknown: 'Unknown error'). */
export function verificationErrorDisplay(code: number): { mode: VerificationErrorMode; message: string } {
  const m = VERIFICATION_MESSAGES;
  switch (code) {
    case 6001:
    case 6002:
      return { mode: 'phone', message: m.invalidPhone };
    case 8001:
      return { mode: 'validated', message: m.alreadyVerified };
    case 1411:
    case 1414:
    case 6003:
      return { mode: 'code', message: m.invalidCode };
    case 1415:
      return { mode: 'code', message: m.codeExpired };
    case 1412:
    case 1416:
      return { mode: 'blocked', message: m.blockedText };
    case 1413:
    case 1417:
    case 1418:
      return { mode: 'dialog', message: m.dialogText };
    default:
      return { mode: 'unknown', message: m.unknown };
  }
}

/**
 * Body of a code generation: the phone to text (optional; the order's contact phone otherwise). When given, it
 * becomes the order's contact phone, so that what is verified is what the order carries.
 */
export const VerificationCodeGenerationBodySchema = z
  .object({ phone: z.string().trim().min(1).max(32).optional() })
  .strict();
export type VerificationCodeGenerationBody = z.infer<typeof VerificationCodeGenerationBodySchema>;

/**
 * The OTP response: `digits` is one empty entry per digit of the code (its length defines how many boxes the
 * code has; the code itself only travels by SMS), with where it went and until when it is good.
 */
export const OtpResponseSchema = z.object({
  digits: z.array(z.literal('')).min(4).max(10),
  /** The number texted, all but its last 4 digits hidden: '(•••) •••-0123'. */
  maskedPhone: z.string(),
  expiresAt: z.string(),
});
export type OtpResponse = z.infer<typeof OtpResponseSchema>;

/**
 * Body of a verification: the digits entered, one per box. Each entry is at most one character and there are at
 * most 10: anything else is a malformed request (400); a well-formed entry that is not the code's 6 digits is 6003.
 */
export const VerifiedAccessTokenBodySchema = z
  .object({ digits: z.array(z.string().max(1)).max(10) })
  .strict();
export type VerifiedAccessTokenBody = z.infer<typeof VerifiedAccessTokenBodySchema>;

/**
 * A verified access token: the session's access token with the identity claim (this order, this phone) that a
 * payment method with requiresVerifiedIdentity needs.
 */
export const VerifiedAccessTokenSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
});
export type VerifiedAccessToken = z.infer<typeof VerifiedAccessTokenSchema>;

/** '(•••) •••-0123' for a number ending in 0123. */
export function maskPhone(e164: string): string {
  return `(•••) •••-${e164.slice(-4)}`;
}

/** After 'Correct!', the dialog emits validated after this long (spec section 9: OTP success delay 1 s). */
export const OTP_SUCCESS_DELAY_MS = 1_000;
/** The same when the identity was already verified (8001): 2 s. */
export const OTP_ALREADY_VERIFIED_DELAY_MS = 2_000;
