import { afterEach, describe, expect, it } from 'vitest';
import {
  MENU_PLACE_MAX_AGE_MS,
  itemAddedMessage,
  noteItemAdded,
  noteMenuPlace,
  takeItemAdded,
  takeMenuPlace,
} from './menu-return';

afterEach(() => window.sessionStorage.clear());

describe('the add note', () => {
  it('is taken once', () => {
    noteItemAdded({ title: 'Onion Rings', quantity: 1, edited: false });
    expect(takeItemAdded()).toEqual({ title: 'Onion Rings', quantity: 1, edited: false });
    expect(takeItemAdded()).toBeNull();
  });

  it('carries whether the item page already confirmed the add', () => {
    noteItemAdded({ title: 'Onion Rings', quantity: 1, edited: false, announced: true });
    expect(takeItemAdded()).toEqual({ title: 'Onion Rings', quantity: 1, edited: false, announced: true });
  });

  it('says what was added, how many, or that a line was changed', () => {
    expect(itemAddedMessage({ title: 'Onion Rings', quantity: 1, edited: false })).toBe(
      'Onion Rings added to your order',
    );
    expect(itemAddedMessage({ title: 'Fries', quantity: 3, edited: false })).toBe(
      '3 × Fries added to your order',
    );
    expect(itemAddedMessage({ title: 'Fries', quantity: 3, edited: true })).toBe(
      'Fries updated in your order',
    );
  });
});

describe('the menu place', () => {
  const place = { path: '/1/menu', y: 2749, itemKey: '1-303', cardTop: 360, at: 1_000_000 };

  it('is restored once, on its own store page only', () => {
    noteMenuPlace(place);
    expect(takeMenuPlace('/1/menu', place.at + 5_000)).toEqual(place);
    expect(takeMenuPlace('/1/menu', place.at + 5_000)).toBeNull();
    noteMenuPlace(place);
    expect(takeMenuPlace('/1/catering', place.at + 5_000)).toBeNull();
    // Another page's place is dropped as it is read: it is never wanted later.
    expect(takeMenuPlace('/1/menu', place.at + 5_000)).toBeNull();
  });

  it('is forgotten after half an hour, or when written in the future', () => {
    noteMenuPlace(place);
    expect(takeMenuPlace('/1/menu', place.at + MENU_PLACE_MAX_AGE_MS)).toEqual(place);
    noteMenuPlace(place);
    expect(takeMenuPlace('/1/menu', place.at + MENU_PLACE_MAX_AGE_MS + 1)).toBeNull();
    noteMenuPlace(place);
    expect(takeMenuPlace('/1/menu', place.at - 1)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('sf.menu-return.place', '{"path":"/1/menu","y":"high"}');
    expect(takeMenuPlace('/1/menu')).toBeNull();
    window.sessionStorage.setItem('sf.menu-return.place', 'not json');
    expect(takeMenuPlace('/1/menu')).toBeNull();
  });
});
