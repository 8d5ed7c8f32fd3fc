import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The same-origin POST /api/access-token of /loyalty-sso (checkout-account spec section 7: the authorization code,
 * orderId and recaptchaInput): the order this browser is building and the page's solved captcha go on to the API
 * with the code and state; a page naming another order fails the sign-in without asking the API.
 */
const jar = new Map<string, string>();
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
  headers: async () => new Headers(),
}));

const { answerAccessToken } = await import('./access-token-route');
const fetchSpy = vi.fn<typeof fetch>();

const login = {
  accessToken: 'member-token',
  tokenType: 'Bearer',
  expiresIn: 900,
  appType: 107,
  refreshToken: 'refresh',
  refreshExpiresIn: 3600,
  account: { id: 7, firstName: 'Lee', lastName: 'Loyal', email: 'member@storefront.test', phoneNumber: '' },
};

beforeEach(() => {
  jar.clear();
  jar.set('sf_at', 'guest-token');
  jar.set('sf_loyalty', JSON.stringify({ state: 'the-state', returnPath: '/checkout' }));
  jar.set('sf_order', JSON.stringify({ orderId: 42, locationId: 1, menuType: 'menu' }));
  fetchSpy.mockReset();
  fetchSpy.mockImplementation(async () => Response.json({ value: login, succeed: true, errors: [] }));
  vi.stubGlobal('fetch', fetchSpy);
});

function post(body: Record<string, unknown>) {
  return answerAccessToken(
    new NextRequest('http://localhost:3000/api/access-token', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/** The body the API was sent (POST v1/loyalty/oidc-sessions). */
function apiBody(): Record<string, unknown> {
  const [input, init] = fetchSpy.mock.calls[0] ?? [];
  expect(new URL(input instanceof Request ? input.url : String(input)).pathname).toBe(
    '/v1/loyalty/oidc-sessions',
  );
  const body = init?.body;
  if (typeof body !== 'string') throw new Error('the API call has no JSON body');
  return JSON.parse(body) as Record<string, unknown>;
}

describe('POST /api/access-token', () => {
  it("sends the browser's order and the solved captcha on with the code; success returns to the page", async () => {
    const res = await post({
      code: 'the-code',
      state: 'the-state',
      iss: 'http://issuer',
      recaptchaInput: 'solved',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ value: { loginResult: 'success', returnPath: '/checkout' } });
    expect(apiBody()).toEqual({
      code: 'the-code',
      state: 'the-state',
      iss: 'http://issuer',
      orderId: 42,
      recaptchaInput: 'solved',
    });
    expect(jar.get('sf_at')).toBe('member-token');
  });

  it('takes the orderId the page names when it is the order of this browser', async () => {
    const res = await post({ code: 'the-code', state: 'the-state', orderId: 42 });
    expect(res.status).toBe(200);
    expect(apiBody()).toMatchObject({ orderId: 42 });
    expect(apiBody()).not.toHaveProperty('recaptchaInput');
  });

  it('fails the sign-in when the page names another order, without asking the API', async () => {
    const res = await post({ code: 'the-code', state: 'the-state', orderId: 43 });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      value: { loginResult: 'failure', returnPath: '/checkout' },
      errors: [{ message: 'Login attempt failed' }],
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(jar.get('sf_at')).toBe('guest-token');
  });

  it("fails when the API refuses the captcha (9902): 'Login attempt failed' on the page", async () => {
    fetchSpy.mockImplementation(async () =>
      Response.json(
        { value: null, succeed: false, errors: [{ key: 'Recaptcha', code: 9902, message: 'x' }] },
        { status: 422 },
      ),
    );
    const res = await post({ code: 'the-code', state: 'the-state', recaptchaInput: 'not-solved' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ value: { loginResult: 'failure' } });
  });
});
