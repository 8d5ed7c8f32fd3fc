/**
 * Plural labels add an 's' except for counts ending in 1 but not 11 (spec section 9):
 * '1 item', '11 items', '21 item'.
 */
export function pluralLabel(count: number, word: string): string {
  const endsInOne = count % 10 === 1 && count % 100 !== 11;
  return `${count} ${endsInOne ? word : `${word}s`}`;
}

/** Notes: line breaks become spaces on save (checkout spec section 5). */
export function normaliseNotes(notes: string): string {
  return notes.replace(/\r?\n|\r/g, ' ');
}

export const NOTE_MAX = 50;
export const NAME_MAX = 40;
export const QUANTITY_MAX = 20;
export const TOAST_DURATION_MS = 5000;

/** The utensils choice of the My Order panel, kept at the start of the order notes (ordering spec section 2). */
export const UTENSILS_NOTE = 'Include utensils';
const UTENSILS_SEPARATOR = ' · ';

export interface OrderNotesParts {
  includeUtensils: boolean;
  /** The guest's own checkout notes ('' when none). */
  guestNotes: string;
}

/** Splits stored order notes into the utensils choice and the guest's own notes. */
export function parseOrderNotes(notes: string | null | undefined): OrderNotesParts {
  const text = notes ?? '';
  if (text === UTENSILS_NOTE) return { includeUtensils: true, guestNotes: '' };
  if (text.startsWith(UTENSILS_NOTE + UTENSILS_SEPARATOR)) {
    return {
      includeUtensils: true,
      guestNotes: text.slice(UTENSILS_NOTE.length + UTENSILS_SEPARATOR.length),
    };
  }
  return { includeUtensils: false, guestNotes: text };
}

/** The stored order notes for a utensils choice and the guest's notes; null when both are empty. */
export function composeOrderNotes({ includeUtensils, guestNotes }: OrderNotesParts): string | null {
  const guest = guestNotes.trim();
  if (!includeUtensils) return guest === '' ? null : guest;
  return guest === '' ? UTENSILS_NOTE : `${UTENSILS_NOTE}${UTENSILS_SEPARATOR}${guest}`;
}

/**
 * A stored 10-digit phone as people read it: '2025550143' -> '(202) 555-0143'. Anything else is shown as it is.
 */
export function formatPhone(phone: string): string {
  const digits = /^(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : phone;
}

export const NUL_MESSAGE = 'Text must not contain the NUL character';

/** Whether a text holds no NUL character (U+0000), which PostgreSQL cannot store in text. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

export const MALFORMED_TEXT_MESSAGE = 'Text must be well-formed Unicode (a lone UTF-16 surrogate is not)';

/**
 * With the `u` flag a proper surrogate pair is one code point (an emoji), so `\p{Cs}` (the surrogate category)
 * matches only a lone or reversed surrogate: what `String.prototype.isWellFormed` refuses, in every runtime.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a text is well-formed UTF-16 (no lone or reversed surrogate). JSON's `\ud800` escapes can carry one;
 * PostgreSQL cannot store it (jsonb refuses it: a 500; text columns would keep U+FFFD instead of what was sent).
 */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * A text's length as zod's string rules (min, max) count it: in code points, so an emoji is one character and a
 * lone surrogate one too. The storefront's zod-free checks use it to agree with the schemas.
 */
export function textLength(value: string): number {
  return [...value].length;
}
