/**
 * The notifications part of `npm run bench` (API, PostgreSQL), also runnable alone (`node --import tsx
 * bench/notifications.ts`, which starts its own API on a fresh database and measures bench/verification.ts too): 100 placed orders whose guests opted into
 * texts are marked ready by the kitchen at once (100 parallel status changes), and the bench waits until the outbox
 * worker has sent every 'Order ready' text. Lag: from the status change's commit (the outbox row's created_at) to
 * the worker marking the text sent (sent_at), both on the database's clock; and from the first request of the burst
 * to the last text sent. The API's SMS provider is the mailbox (no Twilio account), so the figure is the outbox's
 * own lag: polling, claiming, marking, not a carrier's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { menuSnapshots, orders, outboxMessages } from '../apps/api/src/db/schema/index';
import { BENCH_SECRETS } from './guest';
import { bin, recreateDatabase, root, startProcess, stopAll, waitForUrl } from './lib';
import { measureVerification, printVerification } from './verification';

export const NOTIFIED_ORDERS = 100;

export interface NotificationFigures {
  orders: number;
  texted: number;
  /** Status change committed -> text marked sent, per text (database clock). */
  lagMs: { p50: number; p99: number; max: number };
  /** First status change requested -> last text marked sent. */
  burstToLastSentMs: number;
  /** The 100 status changes themselves, answered. */
  burstMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Copies a placed demo order NOTIFIED_ORDERS times as orders being prepared (status 2) whose guests opted into texts
 * (each its own phone), marks them all ready at once through the staff API, and waits for the texts.
 */
export async function measureNotificationLag(
  api: string,
  databaseUrl: string,
  staffKey: string,
): Promise<NotificationFigures> {
  const bench = openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const [template] = await bench.db.select().from(orders).where(isNotNull(orders.placedAt)).limit(1);
    if (!template) throw new Error('no placed order in the bench database to copy');
    const { id: _id, referenceNumber: _ref, ...rest } = template;
    const copies = Array.from({ length: NOTIFIED_ORDERS }, (_, i) => ({
      ...rest,
      status: 2,
      placedAt: new Date(),
      contactPhone: `202555${String(1000 + i)}`,
      guestNotificationTypes: [2],
    }));
    const ids = (await bench.db.insert(orders).values(copies).returning({ id: orders.id })).map((r) => r.id);

    const started = performance.now();
    const startedAt = Date.now();
    const answers = await Promise.all(
      ids.map((id) =>
        fetch(`${api}/v1/staff/orders/${id}/status`, {
          method: 'POST',
          headers: { 'x-staff-key': staffKey, 'content-type': 'application/json' },
          body: JSON.stringify({ statusId: 3 }),
        }),
      ),
    );
    const burstMs = performance.now() - started;
    const refused = answers.filter((a) => a.status !== 200);
    if (refused.length > 0)
      throw new Error(`${refused.length} status changes refused: ${refused[0]?.status}`);

    const phones = copies.map((c) => `+1${c.contactPhone}`);
    const texts = () =>
      bench.db
        .select({
          lagMs: sql<number>`extract(epoch from (${outboxMessages.sentAt} - ${outboxMessages.createdAt})) * 1000`,
          sentAtMs: sql<number>`extract(epoch from ${outboxMessages.sentAt}) * 1000`,
        })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.channel, 'sms'),
            inArray(outboxMessages.recipient, phones),
            isNotNull(outboxMessages.sentAt),
          ),
        );
    const deadline = Date.now() + 120_000;
    let sent = await texts();
    while (sent.length < NOTIFIED_ORDERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      sent = await texts();
    }
    const lags = sent.map((s) => Number(s.lagMs)).sort((a, b) => a - b);
    const lastSent = Math.max(...sent.map((s) => Number(s.sentAtMs)));
    return {
      orders: NOTIFIED_ORDERS,
      texted: sent.length,
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? 0 },
      burstToLastSentMs: lastSent - startedAt,
      burstMs,
    };
  } finally {
    await bench.close();
  }
}

export function printNotifications(f: NotificationFigures) {
  console.log(
    `\nNotifications: ${f.orders} orders marked ready at once (burst answered in ${f.burstMs.toFixed(0)} ms); ` +
      `${f.texted} texted; lag commit -> sent p50 ${f.lagMs.p50.toFixed(0)} ms, p99 ${f.lagMs.p99.toFixed(0)} ms, ` +
      `max ${f.lagMs.max.toFixed(0)} ms; first request -> last text sent ${f.burstToLastSentMs.toFixed(0)} ms`,
  );
}

/** The web menu snapshot of the demo's open store (1), for the verification guests' orders. */
async function demoSnapshotId(databaseUrl: string): Promise<number> {
  const bench = openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const [row] = await bench.db
      .select({ id: menuSnapshots.id })
      .from(menuSnapshots)
      .where(and(eq(menuSnapshots.locationId, 1), eq(menuSnapshots.catering, false)))
      .limit(1);
    if (!row) throw new Error('no menu snapshot of the demo store 1');
    return row.id;
  } finally {
    await bench.close();
  }
}

// Alone: its own API (default outbox poll, 1 s) on a fresh PostgreSQL database, with the SMS verification part.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = 4950 + Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const api = `http://localhost:${port}`;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const staffKey = `bench-staff-${randomUUID()}`;
  try {
    const databaseUrl = await recreateDatabase(serverUrl, process.env.BENCH_DB ?? 'storefront_bench_notify');
    startProcess(bin('tsx'), ['src/server.ts'], `${root}apps/api`, {
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
      ...BENCH_SECRETS,
      STAFF_KEY: staffKey,
      // The verification guests each name their client address (X-Forwarded-For from this machine), as in run.ts.
      TRUST_PROXY: 'loopback',
    });
    await waitForUrl(`${api}/health`);
    printVerification(await measureVerification(api, databaseUrl, await demoSnapshotId(databaseUrl)));
    printNotifications(await measureNotificationLag(api, databaseUrl, staffKey));
  } finally {
    stopAll();
  }
}
