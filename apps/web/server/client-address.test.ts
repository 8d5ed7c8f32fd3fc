// @vitest-environment node
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ADDRESS_HEADER,
  assignClientAddress,
  peerAddress,
  removeClientClaims,
  signClientAddress,
} from './client-address.mjs';

const SECRET = 'a-client-address-secret-of-32-characters!';

describe('peerAddress', () => {
  it('is the socket peer with no proxy in front, whatever X-Forwarded-For says', () => {
    expect(peerAddress('198.51.100.4', '10.9.9.9', 0)).toBe('198.51.100.4');
    expect(peerAddress('::ffff:127.0.0.1', '203.0.113.1, 203.0.113.2', 0)).toBe('::ffff:127.0.0.1');
  });

  it('trusts exactly the configured number of hops', () => {
    // The browser sent 'X-Forwarded-For: 10.9.9.9'; the one proxy (the socket's peer) appended what it saw.
    expect(peerAddress('10.0.0.1', '10.9.9.9, 198.51.100.4', 1)).toBe('198.51.100.4');
    // Two proxies: the nearest (socket) and 10.0.0.2 before it; the entry before them is the client.
    expect(peerAddress('10.0.0.1', '10.9.9.9, 198.51.100.4, 10.0.0.2', 2)).toBe('198.51.100.4');
    // Several X-Forwarded-For headers count as one list.
    expect(peerAddress('10.0.0.1', ['10.9.9.9', '198.51.100.4'], 1)).toBe('198.51.100.4');
  });

  it('falls back to the socket peer when the chain is shorter than the hops or the entry is no address', () => {
    expect(peerAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(peerAddress('10.0.0.1', '198.51.100.4', 2)).toBe('10.0.0.1');
    expect(peerAddress('10.0.0.1', 'unknown', 1)).toBe('10.0.0.1');
    expect(peerAddress('10.0.0.1', '198.51.100.4:4711', 1)).toBe('10.0.0.1');
    expect(peerAddress('10.0.0.1', '<script>', 1)).toBe('10.0.0.1');
  });
});

describe('assignClientAddress', () => {
  const request = (headers: Record<string, string | string[]>, remoteAddress = '198.51.100.4') => ({
    headers,
    socket: { remoteAddress } as never,
  });

  it('removes every address the browser claimed and signs the socket peer for the API', () => {
    const req = request({
      host: 'localhost:3000',
      'x-forwarded-for': '203.0.113.7',
      'x-real-ip': '203.0.113.8',
      forwarded: 'for=203.0.113.9',
      [CLIENT_ADDRESS_HEADER]: 'v1;203.0.113.10;1790000000;forged',
    });
    expect(assignClientAddress(req, { secret: SECRET, hops: 0, nowSeconds: 1_790_000_000.6 })).toBe(
      '198.51.100.4',
    );
    expect(req.headers).toEqual({
      host: 'localhost:3000',
      [CLIENT_ADDRESS_HEADER]: signClientAddress('198.51.100.4', SECRET, 1_790_000_000),
    });
  });

  it('signs the address, the time and the version with HMAC-SHA256 (the format the API checks)', () => {
    const expected = createHmac('sha256', SECRET).update('v1;2001:db8::1;1790000000').digest('base64url');
    expect(signClientAddress('2001:db8::1', SECRET, 1_790_000_000.9)).toBe(
      `v1;2001:db8::1;1790000000;${expected}`,
    );
  });
});

describe('removeClientClaims (the development server without a secret)', () => {
  it('passes on no address, neither one the browser claimed nor a forged signature', () => {
    const headers: Record<string, string> = {
      host: 'localhost:3000',
      'x-forwarded-for': '203.0.113.7',
      'x-real-ip': '203.0.113.8',
      'true-client-ip': '203.0.113.11',
      [CLIENT_ADDRESS_HEADER]: 'v1;203.0.113.10;1790000000;forged',
    };
    removeClientClaims({ headers });
    expect(headers).toEqual({ host: 'localhost:3000' });
  });
});
