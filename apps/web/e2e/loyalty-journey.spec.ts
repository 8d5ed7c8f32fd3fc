import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { call, placeGuestOrder } from './pages/kitchen-h5';
import { browserSession } from './pages/payment-api';
import { PaymentPage } from './pages/payment-page';
import { skipPromoPopup } from './pages/promo-popup';
import { accountMenuButton } from './pages/session-dialogs';
import { scheduleIfStoreClosed, StorePage } from './pages/store-page';

/**
 * The loyalty program end to end under loyalty login (issue 33), one chain per layout: a forged return and a
 * cancelled sign-in show 'Login attempt failed'; the demo member signs in at the built-in OpenID Connect issuer
 * (authorization code with PKCE; a wrong password stays there with its message) and comes back through
 * /loyalty-sso signed in, with their points in the header and the profile locked; an order of theirs (placed over
 * the API with the browser's session) is completed by the kitchen (staff API) and My account's Rewards shows the
 * points it earned; the next order's checkout picks the first reward, custom points refuse '0' and take 250 points
 * off, the payment page's Rewards part shows them and switches back to the $5 reward, the card is charged the new
 * total and the tracking page's totals carry the discount, and Rewards shows the 500 points held. axe once on each
 * page state; phone and desktop.
 *
 * The journeys' API runs with customer-account login (QuCrm), which the other journeys need: this spec starts its
 * own sandbox processor (its hosted card page framed by this spec's storefront only), an API with
 * LOGIN_CONFIGURATION=2 on a fresh database, and a storefront in front of it. Ports: E2E_LOYALTY_PORT and the two
 * after it when set, else free ones.
 */
test.describe.configure({ timeout: 240_000 });

const DIST_DIR = process.env.NEXT_DIST_DIR ?? '.next';
const SECRET = process.env.E2E_CLIENT_ADDRESS_SECRET ?? '';
const STAFF_KEY = 'e2e-loyalty-staff-key';
/** The demo member (README: Loyalty sign-in). The chain runs again on the same member: figures are relative. */
const MEMBER = {
  email: 'member@storefront.test',
  password: 'Member1234!',
  firstName: 'Lee',
};

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

async function waitFor(url: string, seconds: number, child: ChildProcess, what: string) {
  for (let i = 0; i < seconds * 4; i += 1) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start within ${seconds} s`);
}

let processor: ChildProcess | null = null;
let api: ChildProcess | null = null;
let web: ChildProcess | null = null;
let webUrl = '';
let apiUrl = '';
const dataDirs: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const base = Number(process.env.E2E_LOYALTY_PORT ?? 0);
  const [apiPort, webPort, processorPort] = base
    ? [base, base + 1, base + 2]
    : [await freePort(), await freePort(), await freePort()];
  apiUrl = `http://localhost:${apiPort}`;
  webUrl = `http://localhost:${webPort}`;
  const processorUrl = `http://localhost:${processorPort}`;
  const processorKey = `e2e-loyalty-${randomBytes(24).toString('hex')}`;
  const apiData = `../../data/e2e-loyalty-${apiPort}`;
  const processorData = `../../data/e2e-loyalty-processor-${processorPort}`;
  for (const dir of [apiData, processorData]) {
    rmSync(dir, { recursive: true, force: true });
    dataDirs.push(dir);
  }
  processor = spawn('../../node_modules/.bin/tsx', ['src/server.ts'], {
    cwd: '../sandbox-processor',
    env: {
      ...process.env,
      SANDBOX_PROCESSOR_PORT: String(processorPort),
      SANDBOX_PROCESSOR_PUBLIC_URL: processorUrl,
      SANDBOX_PROCESSOR_DATA_DIR: processorData,
      SANDBOX_PROCESSOR_MERCHANTS: `storefront:${processorKey}`,
      // Its hosted card page is framed by this spec's storefront.
      SANDBOX_PROCESSOR_PARENT_ORIGIN: webUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  api = spawn('../../node_modules/.bin/tsx', ['src/server.ts'], {
    cwd: '../api',
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      API_PUBLIC_URL: apiUrl,
      WEB_PUBLIC_URL: webUrl,
      PGLITE_DIR: apiData,
      PROCESSOR_URL: `http://127.0.0.1:${processorPort}`,
      PROCESSOR_PUBLIC_URL: processorUrl,
      PROCESSOR_API_KEY: processorKey,
      LOG_LEVEL: 'warn',
      CLIENT_ADDRESS_SECRET: SECRET,
      STAFF_KEY,
      // The payment's invisible captcha: a quick proof of work, as in the other journeys.
      CAPTCHA_MAX_NUMBER: '1000',
      CAPTCHA_FREE_CHALLENGES: '1000000',
      // The brand signs its customers in through its loyalty program, at the built-in issuer.
      LOGIN_CONFIGURATION: '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await Promise.all([
    waitFor(`http://127.0.0.1:${processorPort}/health`, 120, processor, 'the loyalty journey’s processor'),
    waitFor(`${apiUrl}/health`, 240, api, 'the loyalty journey’s API'),
  ]);
  web = spawn(process.execPath, ['server.mjs', '-p', String(webPort)], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      API_URL: apiUrl,
      API_PUBLIC_URL: apiUrl,
      PROCESSOR_PUBLIC_URL: processorUrl,
      WEB_PUBLIC_URL: webUrl,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: DIST_DIR,
      APP_ENV: 'test',
      CLIENT_ADDRESS_SECRET: SECRET,
      TRUST_PROXY_HOPS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${webUrl}/error`, 60, web, 'the loyalty journey’s storefront');
});

test.afterAll(() => {
  for (const child of [web, api, processor]) if (child && child.exitCode === null) child.kill('SIGTERM');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const headerSignIn = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign in' });

/** From the storefront's header to the issuer's sign-in page. */
async function goToIssuer(page: Page) {
  await headerSignIn(page).click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl}/loyalty-oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in to Capital Kitchen Rewards' })).toBeVisible();
}

/** The totals row named `label` (checkout, payment, tracking). */
function totalsRow(page: Page, label: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=..');
}

const points = (n: number) => n.toLocaleString('en-US');
/** What the Rewards part says of a balance (100 points make a dollar in the demo program). */
const youHave = (n: number) =>
  `You have ${points(n)} points (${(n / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })})`;

for (const [layout, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(layout, () => {
    test.use(use);

    test(`${layout}: a member signs in at the loyalty program, earns points on a completed order and redeems a reward and custom points on the next`, async ({
      page,
    }) => {
      // A forged return signs nobody in.
      await page.goto(`${webUrl}/loyalty-sso?code=forged-code&state=forged-state`);
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations`);
      await expect(headerSignIn(page)).toBeVisible();
      await expectNoAxeViolations(page, `search page after a forged loyalty return (${layout})`);

      // Nor does a sign-in cancelled at the issuer: back on the page it began on.
      await page.goto(`${webUrl}/search-locations?q=20001`);
      await goToIssuer(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations?q=20001`);
      await expect(accountMenuButton(page)).toBeHidden();

      // At the issuer: a wrong password stays there with its message, the right one signs the member in.
      await goToIssuer(page);
      await expectNoAxeViolations(page, `the loyalty issuer's sign-in page (${layout})`);
      await page.getByLabel('Email').fill(MEMBER.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
      await expectNoAxeViolations(page, `the issuer's page after a wrong password (${layout})`);
      await page.getByLabel('Password').fill(MEMBER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Back on the page the sign-in began on (loginResult shown, then taken away), signed in, with the points.
      await expect(page.getByText("You've signed in successfully", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations?q=20001`);
      await expect(accountMenuButton(page)).toHaveText(`Hi, ${MEMBER.firstName}`);
      await expect(page.getByTestId('header-points')).toHaveText(/^[\d,]+ points$/);
      const start = Number((await page.getByTestId('header-points').textContent())?.replace(/\D/g, ''));
      expect(start).toBeGreaterThanOrEqual(1250);
      await expectNoAxeViolations(page, `search page signed in through the loyalty program (${layout})`);

      // Under loyalty login the profile belongs to the program: every field is locked.
      await page.goto(`${webUrl}/my-account/profile`);
      await expect(page.getByLabel('First Name')).toHaveAttribute('readonly', '');
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

      // An order of the member: 20 Fresh Lemonades ($69.80) placed over the API in the browser's session and
      // completed by the kitchen (staff API): 69 whole dollars at 10 points per dollar.
      const { token: session } = await browserSession(page);
      const earlier = await placeGuestOrder(page.request, {
        apiUrl,
        locationId: 1,
        firstName: MEMBER.firstName,
        quantity: 20,
        email: MEMBER.email,
        session,
      });
      for (const statusId of [2, 3, 4]) {
        await call(
          page.request,
          'POST',
          `${apiUrl}/v1/staff/orders/${earlier}/status`,
          null,
          { statusId },
          {
            'x-staff-key': STAFF_KEY,
          },
        );
      }
      const earned = start + 690;
      await page.goto(`${webUrl}/my-account/rewards`);
      await expect(page.getByTestId('points-balance')).toHaveText(points(earned));
      const history = page.getByRole('list', { name: 'Points history' });
      await expect(history.getByRole('listitem').first()).toContainText('+690 points');
      await expectNoAxeViolations(page, `My account Rewards with the points earned (${layout})`);

      // The next order: a Classic Burger ($9.49) at checkout.
      await skipPromoPopup(page);
      await page.goto(`${webUrl}/1/menu`);
      await scheduleIfStoreClosed(page);
      await new StorePage(page).openItem('Classic Burger');
      await new ItemPage(page).add();
      await expect(page).toHaveURL(/\/1\/menu$/);
      await page.goto(`${webUrl}/checkout`);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      const rewards = page.getByRole('group', { name: 'Rewards' });
      await expect(rewards.getByText(youHave(earned))).toBeVisible();
      // Loyalty login picks the first reward of the catalogue.
      await expect(rewards.getByRole('radio', { name: /\$5 Off Your Order/ })).toBeChecked();
      await expect(rewards.getByText(/\$5 Off Your Order applied: -\$5\.00/)).toBeVisible({
        timeout: 30_000,
      });
      await expect(totalsRow(page, 'Discounts')).toContainText('5.00');
      await expectNoAxeViolations(page, `checkout, reward picked (${layout})`);

      // Custom points instead: '0' is refused, 250 points take $2.50 off.
      await rewards.getByRole('radio', { name: /Custom points/ }).check();
      const custom = rewards.getByRole('textbox', { name: 'Points to redeem' });
      await custom.fill('0');
      await rewards.getByRole('button', { name: 'Apply' }).click();
      await expect(rewards.getByText('Only positive non-decimal numbers are allowed')).toBeVisible();
      await custom.fill('250');
      await rewards.getByRole('button', { name: 'Apply' }).click();
      await expect(rewards.getByText(/250 points applied: -\$2\.50/)).toBeVisible({ timeout: 30_000 });
      await expect(rewards.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(totalsRow(page, 'Discounts')).toContainText('2.50');
      await expectNoAxeViolations(page, `checkout, custom points (${layout})`);

      // To /payment with the custom points: its Rewards part has them on, and the member switches there to the
      // $5 reward; the totals follow.
      await fillContact(page, {
        firstName: MEMBER.firstName,
        lastName: 'Loyal',
        phone: `(202) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`,
        email: MEMBER.email,
      });
      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await expect(totalsRow(page, 'Discounts')).toContainText('2.50');
      const payRewards = page
        .getByRole('region', { name: 'Discounts' })
        .getByRole('group', { name: 'Rewards' });
      await expect(payRewards.getByText(youHave(earned))).toBeVisible();
      await expect(payRewards.getByRole('radio', { name: /Custom points/ })).toBeChecked();
      await expect(payRewards.getByText(/250 points applied: -\$2\.50/)).toBeVisible();
      await expectNoAxeViolations(page, `payment, custom points (${layout})`);
      await payRewards.getByRole('radio', { name: /\$5 Off Your Order/ }).check();
      await expect(payRewards.getByText(/\$5 Off Your Order applied: -\$5\.00/)).toBeVisible({
        timeout: 30_000,
      });
      await expect(totalsRow(page, 'Discounts')).toContainText('5.00');
      await expectNoAxeViolations(page, `payment, reward switched (${layout})`);

      // Paid by card: placing checks the card payment matches the order's new total (21044 otherwise), and the
      // placed order's totals carry the reward.
      const payment = new PaymentPage(page);
      await payment.enterCard('4242 4242 4242 4242');
      await payment.pay();
      await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
      await expect(totalsRow(page, 'Discounts')).toContainText('5.00');

      // The reward's 500 points are held until the order completes.
      await page.goto(`${webUrl}/my-account/rewards`);
      await expect(page.getByTestId('points-balance')).toHaveText(points(earned - 500));
      const latest = page.getByRole('list', { name: 'Points history' }).getByRole('listitem').first();
      await expect(latest).toContainText('Held for an order');
      await expect(latest).toContainText('−500 points');
    });
  });
}
