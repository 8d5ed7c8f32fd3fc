import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_URL, call } from './pages/kitchen-h5';

/**
 * Issue 32, finding 6: the storefront passed on the X-Forwarded-For a browser sent, so every per-address limit of
 * the API was the browser's choice (200 gift-card guesses in 2.6 s found all 5 sandbox cards; the staff-key and
 * captcha limits escaped the same way). These attacks run through the real storefront server (server.mjs):
 *
 * - as `npm start` runs it, browsers connecting to it directly (TRUST_PROXY_HOPS 0): a storefront of this spec's
 *   own, reached from a loopback address of its own (127.x.y.z) so that its limits are nobody else's;
 * - as the journeys run it, behind one proxy (TRUST_PROXY_HOPS 1, playwright.config.ts): the test runner is the
 *   proxy, which appends the guest's real address after whatever the browser claimed.
 */

const SECRET = process.env.E2E_CLIENT_ADDRESS_SECRET ?? '';
const DIST_DIR = process.env.NEXT_DIST_DIR ?? '.next';
/** The sandbox gift cards of the demo data (README). */
const SANDBOX_CARDS = [
  '6000000000000001',
  '6000000000000002',
  '6000000000000003',
  '6000000000000004',
  '6000000000000005',
];

const forged = (i: number) => `${1 + (i % 223)}.${(i * 7) % 256}.${(i * 13) % 256}.${(i % 254) + 1}`;
/** A loopback address no other run uses: a guest of its own, as another machine would be. */
const ownLoopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request from `localAddress` (the socket's peer address the storefront sees). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A storefront server of this spec's own on the build the journeys use, with no proxy in front (as `npm start`). */
async function startStorefront(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server.mjs', '-p', String(port)], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      API_URL,
      API_PUBLIC_URL: API_URL,
      WEB_PUBLIC_URL: url,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: DIST_DIR,
      APP_ENV: 'test',
      CLIENT_ADDRESS_SECRET: SECRET,
      TRUST_PROXY_HOPS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/error`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('the spec’s storefront did not start');
}

/** The id of a server action of the build (its server reference manifest), as the page's script knows it. */
function actionId(exportedName: string, file: string): string {
  const manifest = JSON.parse(readFileSync(`${DIST_DIR}/server/server-reference-manifest.json`, 'utf8')) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.exportedName === exportedName && entry.filename === file) return id;
  }
  throw new Error(`no server action ${exportedName} in ${file}`);
}

/** A new web guest with an order of one Fresh Lemonade at Dupont Circle (1), made through the API. */
async function guestWithOrder(api: APIRequestContext): Promise<{ token: string; orderId: number }> {
  const { accessToken: token } = await call<{ accessToken: string }>(api, 'POST', '/v1/oauth/token', null, {
    clientId: 'web',
    clientSecret: 'web-demo-secret',
  });
  const menu = await call<{ snapshotId: number; menuId: number }>(
    api,
    'GET',
    '/v1/sales/menus?locationId=1',
    token,
    undefined,
    { prefer: 'return=compact' },
  );
  const order = await call<{ id: number }>(api, 'POST', '/v1/sales/orders', token, {
    menuSnapshotId: menu.snapshotId,
    fulfillmentMethod: 1,
  });
  await call(api, 'POST', `/v1/sales/orders/${order.id}/bulk-items`, token, {
    items: [{ itemPathKey: `${menu.menuId}-40-402`, quantity: 1 }],
  });
  return { token, orderId: order.id };
}

test.describe('the client address of per-address limits', () => {
  test.describe.configure({ timeout: 300_000 });

  test.describe('browsers connecting to the storefront (npm start: no proxy in front)', () => {
    let storefront: { url: string; stop: () => void };
    test.beforeAll(async () => {
      expect(SECRET, 'playwright.config.ts sets E2E_CLIENT_ADDRESS_SECRET').not.toBe('');
      storefront = await startStorefront();
    });
    test.afterAll(() => storefront.stop());

    test('100 captcha challenges with 100 forged X-Forwarded-For values meet the limit of 60 a minute', async () => {
      const guest = ownLoopback();
      const statuses: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const res = await send(`${storefront.url}/api/captcha`, {
          localAddress: guest,
          headers: {
            'x-forwarded-for': forged(i),
            'x-real-ip': forged(i + 1),
            forwarded: `for=${forged(i + 2)}`,
          },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.slice(60)).toEqual(Array.from({ length: 40 }, () => 429));
      // The limit is that guest's: another machine still gets its challenge.
      expect((await send(`${storefront.url}/api/captcha`, { localAddress: ownLoopback() })).status).toBe(200);
    });

    test('200 gift-card numbers guessed over 20 order sessions, each with a forged X-Forwarded-For, find no sandbox card', async ({
      request,
    }) => {
      const guest = ownLoopback();
      const check = actionId('checkGiftCardBalance', 'apps/web/features/payment/gift-card.actions.ts');
      // The sandbox cards come after the first 50 numbers: only a limit that is escaped finds them.
      const guesses = Array.from(
        { length: 200 },
        (_, i) => `6000000000${String(900_000 + i).padStart(6, '0')}`,
      );
      [60, 80, 110, 150, 199].forEach((slot, k) => (guesses[slot] = SANDBOX_CARDS[k] ?? ''));
      const answers: string[] = [];
      for (let session = 0; session < 20; session += 1) {
        const { token, orderId } = await guestWithOrder(request);
        const cookie = `sf_at=${token}; sf_ct=107; sf_order=${encodeURIComponent(JSON.stringify({ orderId, locationId: 1, menuType: 'menu' }))}`;
        for (let n = 0; n < 10; n += 1) {
          const i = session * 10 + n;
          // The request the payment page's 'Check balance' sends (its server action), with a forged address.
          const res = await send(`${storefront.url}/payment`, {
            method: 'POST',
            localAddress: guest,
            headers: {
              accept: 'text/x-component',
              'content-type': 'text/plain;charset=UTF-8',
              'next-action': check,
              origin: storefront.url,
              cookie,
              'x-forwarded-for': forged(i),
              'x-real-ip': forged(i + 1),
            },
            body: JSON.stringify([guesses[i]]),
          });
          expect(res.status).toBe(200);
          answers.push(
            /"balance":/.test(res.body)
              ? 'balance'
              : /Too many invalid gift cards/.test(res.body)
                ? '429'
                : /Invalid card/.test(res.body)
                  ? 'invalid'
                  : res.body,
          );
        }
      }
      expect(answers.filter((a) => a === 'invalid')).toHaveLength(50);
      expect(answers.slice(50)).toEqual(Array.from({ length: 150 }, () => '429'));
    });
  });

  test.describe('behind one proxy (TRUST_PROXY_HOPS 1)', () => {
    test('the proxy’s entry counts, not the 100 addresses the browser put before it', async ({ request }) => {
      const guest = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const res = await request.get('/api/captcha', {
          headers: { 'x-forwarded-for': `${forged(i)}, ${guest}` },
        });
        statuses.push(res.status());
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.slice(60)).toEqual(Array.from({ length: 40 }, () => 429));
    });

    test('the staff key: forged addresses before the proxy’s entry do not buy more tries', async ({
      page,
    }) => {
      const guest = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      await page.goto('/kitchen');
      const message = page.locator('#staff-key-error');
      /** Signs in with `staffKey` claiming `forwardedFor`, and waits for the answer of that very try. */
      const signIn = async (staffKey: string, forwardedFor: string) => {
        await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedFor });
        await page.getByLabel('Staff key').fill(staffKey);
        const answered = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/kitchen',
        );
        await page.getByRole('button', { name: 'Sign in' }).click();
        await answered;
      };
      for (let i = 0; i < 10; i += 1) {
        await signIn(`guess-${i}`, `${forged(i)}, ${guest}`);
        await expect(message).toHaveText('That staff key is not valid.');
      }
      // The right key, from yet another forged address: the guest's tries are spent.
      await signIn('e2e-staff-key', `${forged(10)}, ${guest}`);
      await expect(message).toHaveText('Too many failed sign-ins. Please wait a few minutes and try again.');
    });
  });
});
