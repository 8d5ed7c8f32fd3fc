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
