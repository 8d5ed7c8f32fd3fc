/**
 * The accounts part of `npm run bench` (API, PostgreSQL): sign-in latency (POST guests/sessions, each request with
 * its own solved captcha; the bench's API runs with a low CAPTCHA_MAX_NUMBER so that solving them up front is
 * quick), what one argon2id verification costs on this machine (the parameters sign-up hashes with), and order
 * history for a customer with 1,000 past orders (GET guests/past-orders, first page).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword, verifyPassword } from '../apps/api/src/modules/accounts/passwords';
import { json, load, median, refusalCounter, type LoadFigure } from './lib';
import { guestToken } from './guest';

/** Past orders of the history customer. */
export const HISTORY_ORDERS = 1000;
/** Sign-ins measured (each with its own captcha, solved before the run). */
const SIGN_INS = 200;
const PASSWORD = 'Bench1234!';

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** What the ALTCHA widget does: the number whose SHA-256 with the salt is the challenge, as the form posts it. */
function solve(c: Challenge): string {
  const max = c.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n += 1) {
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) {
      const payload = {
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: n,
        salt: c.salt,
        signature: c.signature,
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('captcha challenge without a solution below its maxnumber');
}

/** A solved captcha, its challenge fetched from `address` (the challenge route allows 60 a minute per address). */
async function captcha(api: string, address: string): Promise<string> {
  const res = await fetch(`${api}/v1/captcha/challenge`, { headers: { 'x-forwarded-for': address } });
  return solve(await json<Challenge>(res));
}

export interface AccountsFigures {
  argon2VerifyMs: { median: number; samples: number };
  signIn: LoadFigure;
  history: LoadFigure;
}

/**
 * Seeds a customer with HISTORY_ORDERS placed orders (two lines each) in the bench database, then measures sign-in
 * and the first page of the order history through the running API.
 */
export async function measureAccounts(
  api: string,
  databaseUrl: string,
  store: { locationId: number; snapshotId: number; itemPathKey: string },
): Promise<AccountsFigures> {
  const email = `bench-${randomUUID()}@storefront.test`;
  const passwordHash = await hashPassword(PASSWORD);
  const samples: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await verifyPassword(passwordHash, PASSWORD);
    samples.push(performance.now() - started);
  }

  const bench = openDatabase({ url: databaseUrl, poolSize: 1 });
  let customerId: number;
  try {
    const inserted: unknown = await bench.db.execute(sql`
      insert into customers (email, password_hash, first_name, last_name, phone_number, activated_at)
      values (${email}, ${passwordHash}, 'Bench', 'Customer', '2025550100', now()) returning id`);
    const id = (inserted as { rows: { id: number }[] }).rows[0]?.id;
    if (id === undefined) throw new Error('bench customer not inserted');
    customerId = id;
    // One statement per table: the orders a customer placed over the last 1,000 hours, two lines each.
    await bench.db.execute(sql`
      insert into orders (session_id, user_id, location_id, snapshot_id, order_channel, fulfillment_method, status,
        placed_at, expected_ready_at, subtotal_cents, sales_tax_cents, total_cents, reference_number)
      select ${randomUUID()}, ${customerId}, ${store.locationId}, ${store.snapshotId}, 107, 1, 4,
        now() - make_interval(hours => g), now() - make_interval(hours => g) + interval '15 minutes',
        1898, 190, 2088, 'bench-' || ${customerId} || '-' || g
      from generate_series(1, ${HISTORY_ORDERS}) as g`);
    await bench.db.execute(sql`
      insert into order_items (order_id, item_path_key, title, quantity, unit_price_cents, total_cents)
      select o.id, ${store.itemPathKey}, 'Bench item', l.quantity, 949, 949 * l.quantity
      from orders o cross join (values (1), (1)) as l(quantity)
      where o.user_id = ${customerId}`);
    await bench.db.execute(sql`analyze orders`);
    await bench.db.execute(sql`analyze order_items`);
  } finally {
    await bench.close();
  }

  // Sign-in: the storefront's guest token, a captcha per request (challenges from their own addresses).
  const guest = await guestToken(api);
  const bodies: string[] = [];
  for (let i = 0; i < SIGN_INS + 20; i += 1) {
    const recaptchaInput = await captcha(api, `10.9.${i >> 8}.${i & 255}`);
    bodies.push(JSON.stringify({ email, password: PASSWORD, recaptchaInput }));
  }
  let next = 0;
  const refusals = refusalCounter();
  const signIn = await load('POST guests/sessions (sign-in)', {
    url: api,
    amount: SIGN_INS,
    connections: 4,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const body = bodies[next];
          next += 1;
          if (!body) return request;
          return {
            ...request,
            path: '/v1/guests/sessions',
            headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
            body,
          };
        },
        onResponse: refusals.onResponse,
      },
    ],
  });

  // A user token for the history: one more sign-in.
  const session = await fetch(`${api}/v1/guests/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, recaptchaInput: await captcha(api, '10.9.255.1') }),
  });
  const { accessToken } = await json<{ accessToken: string }>(session);
  const historyRefusals = refusalCounter();
  const history = await load(`GET guests/past-orders (${HISTORY_ORDERS} orders, first page)`, {
    url: `${api}/v1/guests/past-orders?filterByCurrentOrderChannel=true`,
    headers: { authorization: `Bearer ${accessToken}`, 'x-integration': String(customerId) },
    requests: [{ onResponse: historyRefusals.onResponse }],
  });

  return {
    argon2VerifyMs: { median: median(samples), samples: samples.length },
    signIn: { ...signIn, refusals: refusals.refusals },
    history: { ...history, refusals: historyRefusals.refusals },
  };
}
