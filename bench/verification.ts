/**
 * The SMS verification part of `npm run bench` (API, PostgreSQL): what a guest waits for at the verification
 * dialog. VERIFIED_ORDERS guests, each with an order and a phone of its own, ask for a code (POST
 * verification-code-generations: the limits counted under the order's row lock, the code stored as an HMAC and its
 * text written to the outbox in one transaction), then enter it (POST verified-access-token: the HMAC compared and
 * the verified token signed), CONCURRENCY at a time. The code is read from the outbox as the guest reads their
 * phone.
 */
import { and, desc, eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { outboxMessages } from '../apps/api/src/db/schema/index';
import { createOrder, guestToken } from './guest';

export const VERIFIED_ORDERS = 200;
const CONCURRENCY = 10;

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export interface VerificationFigures {
  orders: number;
  generation: Latency;
  verification: Latency;
  /** Requests answered other than 200 (a limit, an error): 0 expected. */
  refused: number;
  /** The first such answer, to tell why. */
  firstRefusal: string | null;
}

function latency(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/** Runs `task` for every index, CONCURRENCY at a time. */
async function inParallel(count: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

/** A textable Washington number of the bench's own per index (exchange 7xx). */
const phoneOf = (index: number) =>
  `202${700 + Math.floor(index / 10_000)}${String(index % 10_000).padStart(4, '0')}`;

export async function measureVerification(
  api: string,
  databaseUrl: string,
  snapshotId: number,
): Promise<VerificationFigures> {
  const bench = openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const guests: { token: string; orderId: number; address: string; phone: string }[] = [];
    for (let i = 0; i < VERIFIED_ORDERS; i += 1) {
      // Each guest its own client address: the per-address code limit counts a guest, not the bench.
      const address = `10.3.${i >> 8}.${i & 255}`;
      const token = await guestToken(api, fetch, address);
      const order = await createOrder(api, { authorization: `Bearer ${token}` }, snapshotId);
      guests.push({ token, orderId: order.id, address, phone: phoneOf(i) });
    }
    let refused = 0;
    let firstRefusal: string | null = null;
    const post = async (path: string, guest: (typeof guests)[number], body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${api}/v1/sales/orders/${guest.orderId}/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${guest.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': guest.address,
        },
        body: JSON.stringify(body),
      });
      const answer = await res.text();
      if (res.status !== 200) {
        refused += 1;
        firstRefusal ??= `${path}: ${res.status} ${answer.slice(0, 200)}`;
      }
      return performance.now() - started;
    };

    const generation: number[] = [];
    await inParallel(guests.length, async (i) => {
      const guest = guests[i];
      if (guest) generation.push(await post('verification-code-generations', guest, { phone: guest.phone }));
    });
    const verification: number[] = [];
    await inParallel(guests.length, async (i) => {
      const guest = guests[i];
      if (!guest) return;
      const [text] = await bench.db
        .select({ body: outboxMessages.textBody })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, `+1${guest.phone}`)))
        .orderBy(desc(outboxMessages.id))
        .limit(1);
      const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1] ?? '000000';
      verification.push(await post('verified-access-token', guest, { digits: code.split('') }));
    });
    return {
      orders: guests.length,
      generation: latency(generation),
      verification: latency(verification),
      refused,
      firstRefusal,
    };
  } finally {
    await bench.close();
  }
}

export function printVerification(f: VerificationFigures) {
  const show = (l: Latency) =>
    `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`;
  console.log(
    `\nSMS verification, ${f.orders} guests ${CONCURRENCY} at a time: code generation ${show(f.generation)}; ` +
      `code verification ${show(f.verification)}; ${f.refused} refused${f.firstRefusal ? ` (first: ${f.firstRefusal})` : ''}`,
  );
}
