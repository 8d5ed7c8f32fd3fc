import { describe, expect, it } from 'vitest';
import { isSnapshotMismatch, orderFailure } from './order-failure';

const error = (code: number) => ({ key: 'K', code, message: 'm' });

describe('order write failures', () => {
  it.each([21001, 21002, 21009])('shows the customization texts for %i', (code) => {
    expect(orderFailure([error(code)])).toEqual({
      ok: false,
      error: 'A required customization is unavailable. Please review the item.',
      reason: 'customization',
    });
  });

  it.each([21006, 21007, 21034, 21042, 500])('shows "Please try again." for %i', (code) => {
    expect(orderFailure([error(code)])).toMatchObject({ error: 'Please try again.', reason: 'unexpected' });
  });

  it('treats a snapshot mismatch as such only when every error is 21031', () => {
    expect(isSnapshotMismatch([error(21031), error(21031)])).toBe(true);
    expect(isSnapshotMismatch([error(21031), error(21001)])).toBe(false);
    expect(isSnapshotMismatch([])).toBe(false);
    expect(orderFailure([error(21031)]).reason).toBe('snapshot');
    expect(orderFailure([error(21031), error(21001)]).reason).toBe('customization');
  });
});
