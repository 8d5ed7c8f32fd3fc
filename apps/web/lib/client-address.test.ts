import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('takes the address Next recorded from the socket when nothing is in front', () => {
    expect(clientAddress('203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.1', 0)).toBe('::ffff:127.0.0.1');
  });

  it('takes the address the first trusted proxy appended, not what the browser wrote before it', () => {
    // The browser sent 'X-Forwarded-For: 10.9.9.9'; one proxy appended the address it saw.
    expect(clientAddress('10.9.9.9, 198.51.100.4', 1)).toBe('198.51.100.4');
    // Two proxies: the edge appended the client, the second appended the edge.
    expect(clientAddress('10.9.9.9, 198.51.100.4, 10.0.0.2', 2)).toBe('198.51.100.4');
  });

  it('gives nothing for a missing, short or malformed header', () => {
    expect(clientAddress(null, 0)).toBeNull();
    expect(clientAddress('', 1)).toBeNull();
    expect(clientAddress('198.51.100.4', 2)).toBeNull();
    expect(clientAddress('not an address', 0)).toBeNull();
    expect(clientAddress('198.51.100.4, <script>', 0)).toBeNull();
  });
});
