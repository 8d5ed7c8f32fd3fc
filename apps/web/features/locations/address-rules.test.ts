import { describe, expect, it } from 'vitest';
import {
  NO_SUGGESTIONS_MESSAGE,
  PLACE_NOT_SUPPORTED_MESSAGE,
  PLACE_SEARCH_MIN_CHARS,
  PLACE_SEARCH_TOO_SHORT_MESSAGE,
  parseBracketedCoordinates,
} from '@storefront/contracts/geo';
import * as rules from './address-rules';

describe('client copies of the address-search rules', () => {
  it('match the contracts', () => {
    expect(rules.MIN_CHARS).toBe(PLACE_SEARCH_MIN_CHARS);
    expect(rules.TOO_SHORT_MESSAGE).toBe(PLACE_SEARCH_TOO_SHORT_MESSAGE);
    expect(rules.NOT_SUPPORTED_MESSAGE).toBe(PLACE_NOT_SUPPORTED_MESSAGE);
    expect(rules.NO_SUGGESTIONS_MESSAGE).toBe(NO_SUGGESTIONS_MESSAGE);
  });

  it('treat as coordinates every text the contracts can read as coordinates', () => {
    for (const text of ['(39, -77)', ' (38.9072,-77.0369) ', '(0,0)', '(-33.8688, 151.2093)']) {
      expect(parseBracketedCoordinates(text)).not.toBeNull();
      expect(rules.isBracketedText(text)).toBe(true);
    }
    for (const text of ['Washington', '20001', `(${'1'.repeat(40)})`]) {
      expect(rules.isBracketedText(text)).toBe(false);
    }
  });
});
