/**
 * Checkout's rules without zod (contact information, notes, tip, the 'Validation failed' line): the checkout
 * page's browser code imports them from here and stays free of the schema library; `checkout.ts` re-exports them
 * beside its schemas, which use the same checks. `checkContactForm` gives exactly the messages of
 * `ContactInformationSchema` and the notes' schema (checkout-rules.test.ts compares the two on random input).
 */
import {
  hasNoNul,
  isWellFormedText,
  MALFORMED_TEXT_MESSAGE,
  NAME_MAX,
  NOTE_MAX,
  normaliseNotes,
  NUL_MESSAGE,
  textLength,
} from './text';

export const CONTACT_MESSAGES = {
  firstNameRequired: 'Please enter your First Name',
  lastNameRequired: 'Please enter your Last Name',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;

export const PHONE_DIGITS = 10;
export const EMAIL_MAX = 254;

/**
 * Digits only, last 10 kept (spec: "digits only; max 10 (last 10 digits kept)").
 * '+1 (202) 555-0143' -> '2025550143'. Returns '' for input without digits.
 */
export function normalisePhone(raw: string): string {
  return raw.replace(/\D/g, '').slice(-PHONE_DIGITS);
}

/** Characters a person may type around the digits of a phone number; anything else makes it invalid. */
const PHONE_ALLOWED = /^[\d\s()+.-]*$/;

/** Whether a phone entry is a valid 10-digit number once normalised (false for letters or too few digits). */
export function isValidPhone(raw: string): boolean {
  return PHONE_ALLOWED.test(raw) && normalisePhone(raw).length === PHONE_DIGITS;
}

/** RFC 5322 atext: what a dot-atom local part is made of (no spaces, quotes, angle brackets, commas or '@'). */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A DNS label: letters, digits and inner hyphens, at most 63. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * A plain addr-spec: dot-atom local part (at most 64), '@', a domain of labels ending in a top-level domain of
 * letters (or an IDN's xn-- form). No display name ('Name <a@b.c>', 'x<a@b.c>'), no quoted local part, no
 * comments, no address list, no IP literal: what a person types as their address, and only that.
 */
const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
);

/** Whether an e-mail address (trimmed) is a plain addr-spec of at most EMAIL_MAX characters (EMAIL_PATTERN). */
export function isValidEmail(raw: string): boolean {
  const value = raw.trim();
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** The checkout form's fields as typed. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  notes: string;
}
export type ContactFormField = keyof ContactFormValues;

/** A field's first failed rule: its message, and the kind of rule as zod names it (its issue code). */
export interface ContactFormIssue {
  message: string;
  code: 'custom' | 'too_small' | 'too_big';
}

export type ContactFormResult =
  | { ok: true; values: ContactFormValues }
  | { ok: false; errors: Partial<Record<ContactFormField, ContactFormIssue>> };

const custom = (message: string): ContactFormIssue => ({ message, code: 'custom' });

/** NUL and malformed text first, as the schemas' `refuseNul` checks them (bounds.ts). */
function textIssue(value: string): ContactFormIssue | null {
  if (!hasNoNul(value)) return custom(NUL_MESSAGE);
  if (!isWellFormedText(value)) return custom(MALFORMED_TEXT_MESSAGE);
  return null;
}

function nameIssue(value: string, required: string, label: string): ContactFormIssue | null {
  const text = textIssue(value);
  if (text) return text;
  const trimmed = value.trim();
  if (trimmed.length < 1) return { message: required, code: 'too_small' };
  if (textLength(trimmed) > NAME_MAX)
    return { message: `${label} must be at most ${NAME_MAX} characters`, code: 'too_big' };
  return null;
}

function phoneIssue(value: string): ContactFormIssue | null {
  const trimmed = value.trim();
  if (trimmed.length < 1) return { message: CONTACT_MESSAGES.phoneRequired, code: 'too_small' };
  if (textLength(trimmed) > 32) return { message: CONTACT_MESSAGES.phoneInvalid, code: 'too_big' };
  return isValidPhone(trimmed) ? null : custom(CONTACT_MESSAGES.phoneInvalid);
}

function emailIssue(value: string): ContactFormIssue | null {
  const text = textIssue(value);
  if (text) return text;
  const trimmed = value.trim();
  if (trimmed.length < 1) return { message: CONTACT_MESSAGES.emailRequired, code: 'too_small' };
  if (textLength(trimmed) > EMAIL_MAX) return { message: CONTACT_MESSAGES.emailInvalid, code: 'too_big' };
  return isValidEmail(trimmed) ? null : custom(CONTACT_MESSAGES.emailInvalid);
}

/**
 * The checkout form's check: with `contact`, the contact fields as `ContactInformationSchema` checks them (each
 * field's first failed rule, in the schema's order, with its message); the notes always (line breaks become
 * spaces, then at most NOTE_MAX characters, with zod's own message for that). Output as the schemas give it:
 * trimmed names and e-mail, the phone as its last 10 digits, the notes normalised; without `contact` the contact
 * fields as typed.
 */
export function checkContactForm(
  values: ContactFormValues,
  { contact }: { contact: boolean },
): ContactFormResult {
  const notes = normaliseNotes(values.notes);
  const issues: [ContactFormField, ContactFormIssue | null][] = [
    [
      'firstName',
      contact ? nameIssue(values.firstName, CONTACT_MESSAGES.firstNameRequired, 'First Name') : null,
    ],
    ['lastName', contact ? nameIssue(values.lastName, CONTACT_MESSAGES.lastNameRequired, 'Last Name') : null],
    ['phone', contact ? phoneIssue(values.phone) : null],
    ['email', contact ? emailIssue(values.email) : null],
    [
      'notes',
      textLength(notes) > NOTE_MAX
        ? { message: `Too big: expected string to have <=${NOTE_MAX} characters`, code: 'too_big' }
        : null,
    ],
  ];
  const errors: Partial<Record<ContactFormField, ContactFormIssue>> = {};
  for (const [field, issue] of issues) if (issue) errors[field] = issue;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (!contact) return { ok: true, values: { ...values, notes } };
  return {
    ok: true,
    values: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: normalisePhone(values.phone.trim()),
      email: values.email.trim(),
      notes,
    },
  };
}

/** Tip: up to 3 integer digits and 2 decimals, after stripping '$' and commas. */
const TIP_PATTERN = /^\d{1,3}(\.\d{0,2})?$|^\.\d{1,2}$/;
export const TIP_MAX_CENTS = 99_999;

export type TipParseResult = { ok: true; cents: number | null } | { ok: false };

/**
 * Parses a tip entry: '$1,5.50' is not valid, '$12.5' is 1250 cents, '' is no tip (null).
 * Fails ({ ok: false }) for anything that is not money with up to 3 integer digits and 2 decimals.
 */
export function parseTip(raw: string): TipParseResult {
  const stripped = raw.replace(/[$,\s]/g, '');
  if (stripped === '') return { ok: true, cents: null };
  if (!TIP_PATTERN.test(stripped)) return { ok: false };
  const [whole = '0', fraction = ''] = stripped.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, cents };
}

/** 'Validation failed' dialog line: the message with its code in brackets. */
export function validationErrorLine(error: { code: number; message: string }): string {
  return `${error.message} (${error.code})`;
}
