import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  ContactInformationSchema,
  NotesSchema,
  isValidEmail,
  isValidPhone,
  normalisePhone,
  parseTip,
  TipAmountSchema,
  validationErrorLine,
} from './checkout';

const valid = { firstName: 'Ada', lastName: 'Lovelace', phone: '(202) 555-0143', email: 'ada@example.com' };

function messages(input: Record<string, unknown>): string[] {
  const result = ContactInformationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('contact information', () => {
  it('accepts a complete contact and keeps the phone as its last 10 digits', () => {
    expect(ContactInformationSchema.parse(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '2025550143',
      email: 'ada@example.com',
    });
    expect(ContactInformationSchema.parse({ ...valid, phone: '+1 202 555 0143' }).phone).toBe('2025550143');
  });

  it('answers the spec messages for missing fields', () => {
    expect(messages({ firstName: '', lastName: ' ', phone: '', email: '' })).toEqual([
      CONTACT_MESSAGES.firstNameRequired,
      CONTACT_MESSAGES.lastNameRequired,
      CONTACT_MESSAGES.phoneRequired,
      CONTACT_MESSAGES.emailRequired,
    ]);
    expect(messages({})).toEqual([
      CONTACT_MESSAGES.firstNameRequired,
      CONTACT_MESSAGES.lastNameRequired,
      CONTACT_MESSAGES.phoneRequired,
      CONTACT_MESSAGES.emailRequired,
    ]);
  });

  it('answers the spec messages for invalid phone and e-mail', () => {
    expect(messages({ ...valid, phone: '555-0143' })).toEqual([CONTACT_MESSAGES.phoneInvalid]);
    expect(messages({ ...valid, phone: '202555014x' })).toEqual([CONTACT_MESSAGES.phoneInvalid]);
    expect(messages({ ...valid, email: 'ada@example' })).toEqual([CONTACT_MESSAGES.emailInvalid]);
    expect(messages({ ...valid, email: 'ada example.com' })).toEqual([CONTACT_MESSAGES.emailInvalid]);
  });

  it('limits names to 40 characters', () => {
    expect(messages({ ...valid, firstName: 'a'.repeat(40) })).toEqual([]);
    expect(messages({ ...valid, firstName: 'a'.repeat(41) })).toHaveLength(1);
    expect(messages({ ...valid, lastName: 'a'.repeat(41) })).toHaveLength(1);
  });

  it('normalises phones to digits and keeps the last ten', () => {
    expect(normalisePhone('1-202-555-0143')).toBe('2025550143');
    expect(normalisePhone('abc')).toBe('');
    expect(isValidPhone('2025550143')).toBe(true);
    expect(isValidPhone('202555014')).toBe(false);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(false);
  });
});

describe('notes', () => {
  it('turns line breaks into spaces and allows at most 50 characters', () => {
    expect(NotesSchema.parse('no\nonions\r\nplease')).toBe('no onions please');
    expect(NotesSchema.safeParse('x'.repeat(50)).success).toBe(true);
    expect(NotesSchema.safeParse('x'.repeat(51)).success).toBe(false);
  });
});

describe('tip', () => {
  it('strips $ and commas and reads up to 3 integer digits and 2 decimals', () => {
    expect(parseTip('$12.5')).toEqual({ ok: true, cents: 1250 });
    expect(parseTip('$1,2')).toEqual({ ok: true, cents: 1200 });
    expect(parseTip('999.99')).toEqual({ ok: true, cents: 99999 });
    expect(parseTip('.5')).toEqual({ ok: true, cents: 50 });
    expect(parseTip('')).toEqual({ ok: true, cents: null });
    expect(parseTip(' $ ')).toEqual({ ok: true, cents: null });
  });

  it('refuses more digits, more decimals and anything that is not money', () => {
    for (const raw of ['1000', '1.234', 'abc', '-1', '1.2.3']) expect(parseTip(raw)).toEqual({ ok: false });
  });

  it('checks API tip amounts', () => {
    expect(TipAmountSchema.safeParse(2.5).success).toBe(true);
    expect(TipAmountSchema.safeParse(2.555).success).toBe(false);
    expect(TipAmountSchema.safeParse(-1).success).toBe(false);
    expect(TipAmountSchema.safeParse(1000).success).toBe(false);
  });
});

it('formats a validation failure line with its code in brackets', () => {
  expect(validationErrorLine({ code: 21040, message: 'Minimum order amount is $10.00' })).toBe(
    'Minimum order amount is $10.00 (21040)',
  );
});
