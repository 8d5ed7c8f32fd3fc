import { describe, expect, it } from 'vitest';
import { composeOrderNotes, formatPhone, parseOrderNotes, pluralLabel, UTENSILS_NOTE } from './text';

describe('pluralLabel', () => {
  it.each([
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [11, '11 items'],
    [21, '21 item'],
    [101, '101 item'],
    [111, '111 items'],
  ])('%i -> %s', (count, label) => {
    expect(pluralLabel(count, 'item')).toBe(label);
  });
});

describe('order notes with the utensils choice', () => {
  it('keeps the guest notes when the utensils choice changes, and back', () => {
    const stored = composeOrderNotes({ includeUtensils: true, guestNotes: 'No onions please' });
    expect(stored).toBe(`${UTENSILS_NOTE} · No onions please`);
    expect(parseOrderNotes(stored)).toEqual({ includeUtensils: true, guestNotes: 'No onions please' });
    const off = composeOrderNotes({ ...parseOrderNotes(stored), includeUtensils: false });
    expect(off).toBe('No onions please');
    expect(parseOrderNotes(off)).toEqual({ includeUtensils: false, guestNotes: 'No onions please' });
  });

  it('stores only the marker without guest notes, and null when nothing is left', () => {
    expect(composeOrderNotes({ includeUtensils: true, guestNotes: '  ' })).toBe(UTENSILS_NOTE);
    expect(parseOrderNotes(UTENSILS_NOTE)).toEqual({ includeUtensils: true, guestNotes: '' });
    expect(composeOrderNotes({ includeUtensils: false, guestNotes: '' })).toBeNull();
    expect(parseOrderNotes(null)).toEqual({ includeUtensils: false, guestNotes: '' });
  });

  it('does not read a guest note that merely mentions utensils as the choice', () => {
    expect(parseOrderNotes('Include utensils for 4')).toEqual({
      includeUtensils: false,
      guestNotes: 'Include utensils for 4',
    });
  });
});

describe('formatPhone', () => {
  it('reads a stored 10-digit number as (202) 555-0143 and leaves anything else as it is', () => {
    expect(formatPhone('2025550143')).toBe('(202) 555-0143');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('')).toBe('');
  });
});
