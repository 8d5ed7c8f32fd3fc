/** Phone numbers as the verification and the texts use them: parsed and validated with libphonenumber-js. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Countries we text (the stores are in the US; Canada shares the +1 plan). */
const TEXTABLE = new Set(['US', 'CA']);

export type PhoneCheck =
  { ok: true; e164: string; national: string } | { ok: false; reason: 'invalid' | 'unsupported' };

/**
 * A phone entry (as the contact form keeps it: 10 digits, or any +country form) as E.164 when it is a valid
 * number we can text; 'invalid' when it cannot be a phone number at all, 'unsupported' when it could be one but is
 * not a valid, textable US or Canadian number (a landline-only or unassigned range, another country).
 */
export function checkPhone(input: string | null | undefined): PhoneCheck {
  if (!input) return { ok: false, reason: 'invalid' };
  const parsed = parsePhoneNumberFromString(input.slice(0, 40), 'US');
  if (!parsed || !parsed.isPossible()) return { ok: false, reason: 'invalid' };
  if (!parsed.isValid() || !parsed.country || !TEXTABLE.has(parsed.country)) {
    return { ok: false, reason: 'unsupported' };
  }
  const type = parsed.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') {
    return { ok: false, reason: 'unsupported' };
  }
  return { ok: true, e164: parsed.number, national: parsed.nationalNumber };
}

/** The E.164 form of a stored phone, or null when it is not a textable number. */
export function toE164(input: string | null | undefined): string | null {
  const check = checkPhone(input);
  return check.ok ? check.e164 : null;
}
