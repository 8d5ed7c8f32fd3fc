import { describe, expect, it } from 'vitest';
import { secondsUntilExpiry } from './token-expiry';

const jwt = (claims: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(claims)]
    .map((part) => Buffer.from(part).toString('base64url'))
    .concat('signature')
    .join('.');

describe('secondsUntilExpiry', () => {
  it('reads the seconds left from the exp claim', () => {
    expect(secondsUntilExpiry(jwt({ exp: 1_000_300 }), 1_000_000_000)).toBe(300);
    expect(secondsUntilExpiry(jwt({ exp: 999_990 }), 1_000_000_000)).toBe(-10);
  });

  it('answers null for a token without exp or one that is not a JWT', () => {
    expect(secondsUntilExpiry(jwt({ sub: 'guest' }))).toBeNull();
    expect(secondsUntilExpiry('not-a-token')).toBeNull();
    expect(secondsUntilExpiry('a.%%%.c')).toBeNull();
  });
});
