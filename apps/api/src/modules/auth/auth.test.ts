import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/clients';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

const TOKEN_URL = '/v1/oauth/token';

describe.each(await dbKinds())('POST /v1/oauth/token on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  it('issues a guest token for the web client (app type 107)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { clientId: 'web', clientSecret: 'web-demo-secret' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ succeed: boolean; value: { accessToken: string; appType: number } }>();
    expect(body.succeed).toBe(true);
    expect(body.value.appType).toBe(107);
    const session = await ctx.app.tokens.verifyAccessToken(body.value.accessToken);
    expect(session).toMatchObject({ appType: 107, userId: null });
  });

  it('issues catering (106) and in-store (105) tokens for their clients', async () => {
    for (const [clientId, clientSecret, appType] of [
      ['catering', 'catering-demo-secret', 106],
      ['instore', 'instore-demo-secret', 105],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: { clientId, clientSecret },
      });
      expect(res.json<{ value: { appType: number } }>().value.appType).toBe(appType);
    }
  });

  it('refuses a wrong secret and an unknown client with 401 InvalidClient', async () => {
    for (const payload of [
      { clientId: 'web', clientSecret: 'wrong-secret' },
      { clientId: 'nobody', clientSecret: 'web-demo-secret' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/oauth/token', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ succeed: false, value: null, errors: [{ key: 'InvalidClient' }] });
    }
  });

  it('answers malformed bodies with a 400 envelope', async () => {
    for (const payload of [{}, { clientId: 'web' }, { clientId: 5, clientSecret: [] }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/oauth/token', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"clientId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ succeed: false });
  });

  it('serves the OpenAPI reference at /docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty('/v1/oauth/token');
  });

  // The storefront server asks for a token for every new guest, all from its one address.
  it('gives a token to every new guest: 90 requests at once with the right secret all succeed', async () => {
    const responses = await Promise.all(
      Array.from({ length: 90 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: TOKEN_URL,
          payload: { clientId: 'catering', clientSecret: 'catering-demo-secret' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const tokens = responses.map((r) => r.json<{ value: { accessToken: string } }>().value.accessToken);
    expect(new Set(tokens).size).toBe(90);
  });

  it('refuses the old secret at once when a client secret is changed, and accepts the new one', async () => {
    const token = (clientSecret: string) =>
      ctx.app.inject({ method: 'POST', url: TOKEN_URL, payload: { clientId: 'instore', clientSecret } });
    expect((await token('instore-demo-secret')).statusCode).toBe(200);
    await ctx.app.db
      .update(clients)
      .set({ secretHash: await hash('instore-rotated-secret') })
      .where(eq(clients.clientId, 'instore'));
    expect((await token('instore-demo-secret')).statusCode).toBe(401);
    const rotated = await token('instore-rotated-secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ value: { appType: number } }>().value.appType).toBe(105);
  });

  // Before, only a known id paid for an argon2 check: an unknown id was refused in about a tenth of the time.
  it('takes as long to refuse an unknown client id as a known one with a wrong secret', async () => {
    const attempt = async (clientId: string) => {
      const started = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { clientId, clientSecret: 'a-wrong-secret' },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    await attempt('web');
    await attempt('nobody');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      known.push(await attempt('web'));
      unknown.push(await attempt(`nobody-${i}`));
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // Generous: equal work gives a ratio near 1 (noise on a shared machine moves it by tens of percent).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  // A client cannot choose the address it is counted under: without TRUST_PROXY, X-Forwarded-For is ignored.
  it('counts guesses by the connection address, whatever X-Forwarded-For says', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 65 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: TOKEN_URL,
          payload: { clientId: 'web', clientSecret: `spoof-${i}` },
          remoteAddress: '10.8.8.8',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(5);
  });

  // Last: it uses up this address's attempts for the minute (the tests above made a few of them: first checks of
  // each client's secret, wrong secrets, the unknown client).
  it('still limits guessing to 60 attempts a minute per address, while known clients keep getting tokens', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: TOKEN_URL,
          payload: { clientId: 'web', clientSecret: `guess-${i}` },
        }),
      ),
    );
    const statuses = guesses.map((r) => r.statusCode);
    const refused = statuses.filter((s) => s === 401).length;
    expect(refused).toBeGreaterThan(50);
    expect(refused).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70 - refused);
    const limited = guesses.find((r) => r.statusCode === 429);
    expect(limited?.json()).toMatchObject({ succeed: false, value: null, errors: [{ code: 429 }] });
    const guest = await ctx.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { clientId: 'catering', clientSecret: 'catering-demo-secret' },
    });
    expect(guest.statusCode).toBe(200);
  });
});

describe('POST /v1/oauth/token behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { TRUST_PROXY: ['10.7.0.1'] });
  });
  afterAll(() => ctx.close());

  // The proxy named in TRUST_PROXY tells each client's address: one client's guesses do not hold back another's.
  it("reads the client address from the trusted proxy's X-Forwarded-For only", async () => {
    const guess = (client: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { clientId: 'web', clientSecret: 'a-guess' },
        remoteAddress,
        headers: { 'x-forwarded-for': client },
      });
    const first = await Promise.all(Array.from({ length: 62 }, () => guess('203.0.113.1', '10.7.0.1')));
    expect(first.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(2);
    expect((await guess('203.0.113.2', '10.7.0.1')).statusCode).toBe(401);
  });
});
