import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ContactInformationSchema } from './checkout';
import { CONTACT_MESSAGES, checkContactForm, type ContactFormValues } from './checkout-rules';
import { NOTE_MAX, normaliseNotes } from './text';

/** The checkout form's two zod schemas as the form used them before checkContactForm. */
const WithContactSchema = ContactInformationSchema.extend({
  notes: z.string().transform(normaliseNotes).pipe(z.string().max(NOTE_MAX)),
});
const NotesOnlySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  notes: z.string().transform(normaliseNotes).pipe(z.string().max(NOTE_MAX)),
});

/** What react-hook-form's zod resolver made of a parse: each field's first issue (message, code), or the output. */
function viaZod(values: ContactFormValues, contact: boolean) {
  const result = (contact ? WithContactSchema : NotesOnlySchema).safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Record<string, { message: string; code: string }> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= { message: issue.message, code: issue.code };
  }
  return { ok: false, errors };
}

/** Text a guest may type, with what trips the rules: spaces, NUL, lone surrogates, line breaks, long runs. */
const piece = fc.oneof(
  fc.constantFrom(
    ' ',
    '\u0000',
    '\ud800',
    '\udc00',
    '😀',
    '\n',
    '\r\n',
    '@',
    '.',
    '-',
    '(',
    ')',
    '+',
    'a',
    '5',
  ),
  fc.string({ maxLength: 8 }),
  fc.stringMatching(/^[0-9]{1,12}$/),
  fc.constantFrom(
    'ada@example.com',
    ' ada@example.com ',
    '(202) 555-0143',
    '+1 202 555 0143',
    'x'.repeat(41),
  ),
  fc.constantFrom('a'.repeat(60), `${'b'.repeat(250)}@example.com`, ' '.repeat(33)),
);
const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const formValues = fc.record({ firstName: text, lastName: text, phone: text, email: text, notes: text });

describe('checkContactForm', () => {
  it('gives what the zod schemas give: the same first message and rule per field, the same output', () => {
    fc.assert(
      fc.property(formValues, fc.boolean(), (values, contact) => {
        expect(checkContactForm(values, { contact })).toEqual(viaZod(values, contact));
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('answers the spec messages and cleans what it keeps', () => {
    const empty = { firstName: ' ', lastName: '', phone: '', email: '', notes: '' };
    expect(checkContactForm(empty, { contact: true })).toEqual({
      ok: false,
      errors: {
        firstName: { message: CONTACT_MESSAGES.firstNameRequired, code: 'too_small' },
        lastName: { message: CONTACT_MESSAGES.lastNameRequired, code: 'too_small' },
        phone: { message: CONTACT_MESSAGES.phoneRequired, code: 'too_small' },
        email: { message: CONTACT_MESSAGES.emailRequired, code: 'too_small' },
      },
    });
    expect(checkContactForm(empty, { contact: false })).toEqual({ ok: true, values: empty });
    const typed = {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      phone: '+1 (202) 555-0143',
      email: ' ada@example.com',
      notes: 'no\nonions',
    };
    expect(checkContactForm(typed, { contact: true })).toEqual({
      ok: true,
      values: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '2025550143',
        email: 'ada@example.com',
        notes: 'no onions',
      },
    });
  });
});
