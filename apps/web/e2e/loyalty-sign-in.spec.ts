import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { accountMenuButton } from './pages/session-dialogs';

/**
 * Loyalty sign-in (issue 33): a brand whose login configuration is Loyalty (2) signs members in at the loyalty
 * program's OpenID Connect issuer (the built-in one, on the API's origin) with the authorization code flow and
 * PKCE. The header's Sign in goes to the issuer's sign-in page; the member comes back through /loyalty-sso to the
 * page they started on, signed in, with their points in the header. A forged return and a cancelled sign-in show
 * 'Login attempt failed'. axe on the storefront's pages and the issuer's; phone and desktop.
 *
 * The journeys' API runs with customer-account login (QuCrm), which the other journeys need: this spec starts an
 * API of its own with LOGIN_CONFIGURATION=2 (on a fresh database) and a storefront in front of it, on free ports.
 */

const DIST_DIR = process.env.NEXT_DIST_DIR ?? '.next';
const SECRET = process.env.E2E_CLIENT_ADDRESS_SECRET ?? '';
/** The demo member (README: Loyalty sign-in). */
const MEMBER = {
  email: 'member@storefront.test',
  password: 'Member1234!',
  firstName: 'Lee',
  points: '1,250',
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

let api: ChildProcess | null = null;
let web: ChildProcess | null = null;
let webUrl = '';
let apiUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const [apiPort, webPort] = [await freePort(), await freePort()];
  apiUrl = `http://localhost:${apiPort}`;
  webUrl = `http://localhost:${webPort}`;
  dataDir = `../../data/e2e-loyalty-${apiPort}`;
  rmSync(dataDir, { recursive: true, force: true });
  api = spawn('../../node_modules/.bin/tsx', ['src/server.ts'], {
    cwd: '../api',
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      API_PUBLIC_URL: apiUrl,
      WEB_PUBLIC_URL: webUrl,
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_ADDRESS_SECRET: SECRET,
      // The brand signs its customers in through its loyalty program, at the built-in issuer.
      LOGIN_CONFIGURATION: '2',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${apiUrl}/health`, 240, api, 'the loyalty journey’s API');
  web = spawn(process.execPath, ['server.mjs', '-p', String(webPort)], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      API_URL: apiUrl,
      API_PUBLIC_URL: apiUrl,
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
  for (const child of [web, api]) if (child && child.exitCode === null) child.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const headerSignIn = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign in' });

/** From the storefront's header to the issuer's sign-in page. */
async function goToIssuer(page: Page) {
  await headerSignIn(page).click();
  await expect(page).toHaveURL(new RegExp(`^${apiUrl}/loyalty-oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in to Capital Kitchen Rewards' })).toBeVisible();
}

for (const [layout, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(layout, () => {
    test.use(use);

    test(`${layout}: the member signs in at the loyalty program and comes back signed in, with their points`, async ({
      page,
    }) => {
      await page.goto(`${webUrl}/search-locations?q=20001`);
      await expect(accountMenuButton(page)).toBeHidden();
      await goToIssuer(page);
      await expectNoAxeViolations(page, `the loyalty issuer's sign-in page (${layout})`);

      // A wrong password stays at the issuer with its message.
      await page.getByLabel('Email').fill(MEMBER.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
      await expectNoAxeViolations(page, `the issuer's page after a wrong password (${layout})`);

      await page.getByLabel('Password').fill(MEMBER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Back on the page the sign-in began on (loginResult shown, then taken away), signed in.
      await expect(page.getByText("You've signed in successfully", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations?q=20001`);
      await expect(accountMenuButton(page)).toHaveText(`Hi, ${MEMBER.firstName}`);
      await expect(page.getByTestId('header-points')).toHaveText(`${MEMBER.points} points`);
      await expectNoAxeViolations(page, `search page signed in through the loyalty program (${layout})`);

      // Under loyalty login the profile belongs to the program: every field is locked.
      await page.goto(`${webUrl}/my-account/profile`);
      await expect(page.getByLabel('First Name')).toHaveAttribute('readonly', '');
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    test(`${layout}: a forged return and a cancelled sign-in show 'Login attempt failed' and sign nobody in`, async ({
      page,
    }) => {
      await page.goto(`${webUrl}/loyalty-sso?code=forged-code&state=forged-state`);
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations`);
      await expect(headerSignIn(page)).toBeVisible();
      await expectNoAxeViolations(page, `search page after a forged loyalty return (${layout})`);

      await page.goto(`${webUrl}/search-locations?q=20001`);
      await goToIssuer(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Login attempt failed', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${webUrl}/search-locations?q=20001`);
      await expect(accountMenuButton(page)).toBeHidden();
      await expect(headerSignIn(page)).toBeVisible();
    });
  });
}
