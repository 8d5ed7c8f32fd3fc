import { describe, expect, it } from 'vitest';
import { clientAddressHeaders } from './client-address';

describe('clientAddressHeaders', () => {
  it("passes on the address the storefront's server signed, and nothing the browser claimed", () => {
    const signed = 'v1;198.51.100.4;1790000000;c2ln';
    expect(
      clientAddressHeaders(new Headers({ 'x-storefront-client': signed, 'x-forwarded-for': '203.0.113.7' })),
    ).toEqual({ 'x-storefront-client': signed });
    expect(clientAddressHeaders(new Headers({ 'x-forwarded-for': '203.0.113.7' }))).toEqual({});
  });
});
