import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';

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
});
