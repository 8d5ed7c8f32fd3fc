import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '../../db/schema/clients';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { STAFF_FAILURES_MAX } from '../../plugins/auth';

/** Each case comes from an address of its own: failed tries are counted per client address. */
let nextAddress = 1;
const address = () => `10.1.0.${nextAddress++}`;

describe.each(await dbKinds())('staff sessions on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const signIn = (staffKey: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/v1/staff/sessions', payload: { staffKey }, remoteAddress });
  const locations = (headers: Record<string, string>, remoteAddress: string) =>
    ctx.app.inject({ method: 'GET', url: '/v1/staff/locations', headers, remoteAddress });

  it('exchanges the staff key for a session token that opens the staff routes; the key is not stored', async () => {
    const from = address();
    const res = await signIn(ctx.env.STAFF_KEY, from);
    expect(res.statusCode).toBe(200);
    const { sessionToken, expiresAt } = res.json<{ value: { sessionToken: string; expiresAt: string } }>()
      .value;
    expect(sessionToken).not.toContain(ctx.env.STAFF_KEY);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect((await locations({ authorization: `Bearer ${sessionToken}` }, from)).statusCode).toBe(200);
    const rows = await ctx.app.db.select().from(staffSessions);
    expect(rows.map((r) => r.tokenHash)).not.toContain(sessionToken);
  });

  it('signs out: the session is revoked and refused afterwards', async () => {
    const from = address();
    const { sessionToken } = (await signIn(ctx.env.STAFF_KEY, from)).json<{
      value: { sessionToken: string };
    }>().value;
    const auth = { authorization: `Bearer ${sessionToken}` };
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/staff/sessions/current',
      headers: auth,
      remoteAddress: from,
    });
    expect(out.statusCode).toBe(200);
    const after = await locations(auth, from);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ succeed: false, value: null });
  });

  it('refuses a wrong key, a guest access token and a made-up session with 401', async () => {
    const from = address();
    expect((await signIn('not-the-key', from)).statusCode).toBe(401);
    const guest = await ctx.token();
    expect((await locations({ authorization: `Bearer ${guest}` }, from)).statusCode).toBe(401);
    expect((await locations({ authorization: 'Bearer made-up' }, from)).statusCode).toBe(401);
    expect((await locations({ 'x-staff-key': 'not-the-key' }, from)).statusCode).toBe(401);
    expect((await locations({ 'x-staff-key': ctx.env.STAFF_KEY }, from)).statusCode).toBe(200);
  });

  // Before, the staff key could be guessed at 847 tries a second without any limit.
  it(`limits failed tries to ${STAFF_FAILURES_MAX} per address across sign-in and staff routes`, async () => {
    const from = address();
    const signedIn = (await signIn(ctx.env.STAFF_KEY, from)).json<{ value: { sessionToken: string } }>()
      .value;
    const tries = await Promise.all(
      Array.from({ length: STAFF_FAILURES_MAX + 5 }, (_, i) =>
        i % 2 === 0 ? signIn(`guess-${i}`, from) : locations({ 'x-staff-key': `guess-${i}` }, from),
      ),
    );
    const statuses = tries.map((r) => r.statusCode);
    // Tries checked at once may all pass the check before the first failure is counted; later ones cannot.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(STAFF_FAILURES_MAX);
    const next = await signIn(ctx.env.STAFF_KEY, from);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ succeed: false, value: null, errors: [{ code: 429 }] });
    expect((await locations({ 'x-staff-key': ctx.env.STAFF_KEY }, from)).statusCode).toBe(429);
    // A screen signed in before keeps working: only keys, which can be guessed, are held back.
    const session = { authorization: `Bearer ${signedIn.sessionToken}` };
    expect((await locations(session, from)).statusCode).toBe(200);
    // Another address is not held back, and neither is X-Forwarded-For believed from a client (no TRUST_PROXY).
    expect((await signIn(ctx.env.STAFF_KEY, address())).statusCode).toBe(200);
    const spoofed = await ctx.app.inject({
      method: 'POST',
      url: '/v1/staff/sessions',
      payload: { staffKey: ctx.env.STAFF_KEY },
      remoteAddress: from,
      headers: { 'x-forwarded-for': address() },
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('answers a malformed sign-in with a 400 envelope', async () => {
    for (const payload of [{}, { staffKey: '' }, { staffKey: 'x'.repeat(201) }, { staffKey: 5 }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/staff/sessions',
        payload,
        remoteAddress: address(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ succeed: false, value: null });
    }
  });
});
