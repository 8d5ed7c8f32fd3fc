// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { GET } = await import('./route');

/** /api/session-reset with this raw (already URL-encoded) query, as a browser following a link sends it. */
const call = (rawQuery: string) =>
  GET(new NextRequest(`http://localhost:3000/api/session-reset?${rawQuery}`));

describe('GET /api/session-reset', () => {
  // Issue 32, finding 4: `next=%2F%09%2Fevil.test` answered 303 to http://evil.test/.
  it.each([
    'next=%2F%09%2Fevil.test',
    'next=%2F%0A%2Fevil.test',
    'next=%2F%0D%2Fevil.test',
    'next=/%09/evil.test',
    'next=%2F%5Cevil.test',
    'next=%2F%2Fevil.test',
    'next=%2F.%2F%2Fevil.test',
    'next=https%3A%2F%2Fevil.test',
    'next=javascript%3Aalert(1)',
  ])('sends %s back to this origin, never to another site', async (query) => {
    const res = await call(query);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/');
  });

  it('sends the browser back to the page it came from', async () => {
    const res = await call('next=%2F1%2Fmenu%3Ffm%3Ddelivery');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/1/menu?fm=delivery');
  });
});
