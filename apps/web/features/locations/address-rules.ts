/**
 * The address-search rules the browser needs, without zod: `@storefront/contracts/geo` defines them next to
 * its schemas, and importing it would ship zod to the search page. address-rules.test.ts keeps both equal.
 */
export const MIN_CHARS = 4;
export const TOO_SHORT_MESSAGE = 'Please enter at least 4 characters';
export const NOT_SUPPORTED_MESSAGE = 'This address is not supported. Please try a more specific address.';
export const NO_SUGGESTIONS_MESSAGE = 'No suggestions found';

/**
 * Bracketed text under 40 characters is meant as latitude and longitude; the server reads the numbers
 * (contracts' parseBracketedCoordinates) when the search runs.
 */
export function isBracketedText(input: string): boolean {
  const text = input.trim();
  return text.length < 40 && /^\(.*\)$/.test(text);
}
