/**
 * The purge on PGlite and PostgreSQL: expired and long-revoked customer and staff sessions (with their refresh
 * tokens), expired spent captchas and idempotency keys past their retention are deleted; everything still alive is
 * kept, a key under a live lease included; the built-in loyalty issuer's expired state goes; two purges at once share the rows; the scheduled job runs and stops.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRefreshTokens, customerSessions, spentCaptchas } from '../db/schema/accounts';
import { staffKeys, staffSessions } from '../db/schema/clients';
import { oidcStore } from '../db/schema/loyalty';
import { idempotencyKeys } from '../db/schema/payments';
import { createCustomer } from '../test/customers';
import { createTestContext, dbKinds, type TestContext } from '../test/harness';
import { jittered, purgeExpired, startPurgeJob } from './purge';

const HOUR = 3_600_000;
const hex = () => randomBytes(32).toString('hex');

describe.each(await dbKinds())('purge of expired rows on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  /** Rows of each kind, one to go and one to stay; returns their keys. */
  async function seedRows(now: number) {
    const db = ctx.app.db;
    const customerId = await createCustomer(ctx);
    const session = (expiresAt: number, revokedAt: number | null) => ({
      id: randomUUID(),
      customerId,
      orderSessionId: randomUUID(),
      expiresAt: new Date(expiresAt),
      revokedAt: revokedAt === null ? null : new Date(revokedAt),
    });
    const customer = {
      expired: session(now - 1000, null),
      revokedLongAgo: session(now + HOUR, now - 25 * HOUR),
      live: session(now + HOUR, null),
      revokedLately: session(now + HOUR, now - HOUR),
    };
    await db.insert(customerSessions).values(Object.values(customer));
    const expiredToken = hex();
    await db.insert(customerRefreshTokens).values([
      { tokenHash: expiredToken, customerSessionId: customer.expired.id },
      { tokenHash: hex(), customerSessionId: customer.live.id },
    ]);
    const [key] = await db
      .insert(staffKeys)
      .values({ name: 'purge test', keyHash: hex() })
      .returning({ id: staffKeys.id });
    if (!key) throw new Error('no staff key');
    const staff = await db
      .insert(staffSessions)
      .values([
        { tokenHash: hex(), staffKeyId: key.id, expiresAt: new Date(now - 1000) },
        { tokenHash: hex(), staffKeyId: key.id, expiresAt: new Date(now + HOUR) },
      ])
      .returning({ id: staffSessions.id });
    const captchas = [hex(), hex()];
    await db.insert(spentCaptchas).values([
      { signatureHash: captchas[0] ?? '', expiresAt: new Date(now - 1000) },
      { signatureHash: captchas[1] ?? '', expiresAt: new Date(now + HOUR) },
    ]);
    const old = new Date(now - 25 * HOUR);
    const keys = await db
      .insert(idempotencyKeys)
      .values([
        { scope: 's', key: randomUUID(), requestHash: 'h', status: 'completed', createdAt: old },
        {
          scope: 's',
          key: randomUUID(),
          requestHash: 'h',
          status: 'completed',
          createdAt: new Date(now - HOUR),
        },
        // Old but still leased to a request in flight: kept.
        {
          scope: 's',
          key: randomUUID(),
          requestHash: 'h',
          status: 'processing',
          createdAt: old,
          leaseExpiresAt: new Date(now + 60_000),
        },
      ])
      .returning({ id: idempotencyKeys.id });
    // The built-in loyalty issuer's state: an interaction past its expiry goes, a live session stays.
    const oidc = { expired: randomUUID(), live: randomUUID() };
    await db.insert(oidcStore).values([
      { model: 'Interaction', id: oidc.expired, payload: {}, expiresAt: new Date(now - 1000) },
      { model: 'Session', id: oidc.live, payload: {}, expiresAt: new Date(now + HOUR) },
    ]);
    return {
      customer,
      expiredToken,
      staff: staff.map((s) => s.id),
      captchas,
      keys: keys.map((k) => k.id),
      oidc,
    };
  }

  it('deletes what expired or is past its retention and keeps the rest', async () => {
    const now = Date.now();
    const rows = await seedRows(now);
    const counts = await purgeExpired(ctx.app.db, new Date(now));
    expect(counts.customerSessions).toBeGreaterThanOrEqual(2);
    expect(counts.staffSessions).toBeGreaterThanOrEqual(1);
    expect(counts.spentCaptchas).toBeGreaterThanOrEqual(1);
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(counts.oidcEntries).toBeGreaterThanOrEqual(1);
    const db = ctx.app.db;
    const leftOidc = await db
      .select({ id: oidcStore.id })
      .from(oidcStore)
      .where(inArray(oidcStore.id, [rows.oidc.expired, rows.oidc.live]));
    expect(leftOidc.map((r) => r.id)).toEqual([rows.oidc.live]);
    const sessionIds = Object.values(rows.customer).map((s) => s.id);
    const leftSessions = await db
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .where(inArray(customerSessions.id, sessionIds));
    expect(leftSessions.map((s) => s.id).sort()).toEqual(
      [rows.customer.live.id, rows.customer.revokedLately.id].sort(),
    );
    // The expired session's refresh tokens went with it.
    expect(
      await db
        .select()
        .from(customerRefreshTokens)
        .where(inArray(customerRefreshTokens.tokenHash, [rows.expiredToken])),
    ).toEqual([]);
    const leftStaff = await db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(inArray(staffSessions.id, rows.staff));
    expect(leftStaff.map((s) => s.id)).toEqual([rows.staff[1]]);
    const leftCaptchas = await db
      .select({ hash: spentCaptchas.signatureHash })
      .from(spentCaptchas)
      .where(inArray(spentCaptchas.signatureHash, rows.captchas));
    expect(leftCaptchas.map((c) => c.hash)).toEqual([rows.captchas[1]]);
    const leftKeys = await db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.id, rows.keys));
    expect(leftKeys.map((k) => k.id).sort((a, b) => a - b)).toEqual([rows.keys[1], rows.keys[2]]);
  });

  it('shares the rows between purges running at once (several API processes)', async () => {
    const now = Date.now();
    await seedRows(now);
    await seedRows(now);
    const [a, b] = await Promise.all([
      purgeExpired(ctx.app.db, new Date(now)),
      purgeExpired(ctx.app.db, new Date(now)),
    ]);
    expect((a?.customerSessions ?? 0) + (b?.customerSessions ?? 0)).toBeGreaterThanOrEqual(4);
    expect(await purgeExpired(ctx.app.db, new Date(now))).toEqual({
      customerSessions: 0,
      staffSessions: 0,
      spentCaptchas: 0,
      idempotencyKeys: 0,
      oidcEntries: 0,
    });
  });

  it('runs on a jittered schedule and stops', async () => {
    expect(jittered(1000, () => 0)).toBe(800);
    expect(jittered(1000, () => 1)).toBe(1200);
    await seedRows(Date.now());
    const logged: unknown[] = [];
    const job = startPurgeJob(
      ctx.app.db,
      { info: (obj: unknown) => logged.push(obj), error: (obj: unknown) => logged.push(obj) },
      { everyMs: 50 },
    );
    for (let i = 0; i < 200 && logged.length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
    await job.stop();
    expect(logged[0]).toMatchObject({ purged: { customerSessions: 2, staffSessions: 1 } });
  });
});
