import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { E2E_VERIFICATION_CODE_TTL_SECONDS } from './e2e/pages/verification-life';

/**
 * End-to-end journeys against the real stack: the API on a fresh embedded database (PGlite) with the demo data,
 * and the production build of the storefront. Debian's Chromium; browsers are never downloaded.
 */
// Ports and the build directory can be moved so that several developers run the journeys side by side
// (E2E_API_PORT, E2E_WEB_PORT, NEXT_DIST_DIR for a build made with the same NEXT_DIST_DIR).
const apiPort = Number(process.env.E2E_API_PORT ?? 4100);
const webPort = Number(process.env.E2E_WEB_PORT ?? 3100);
const dataDir = `../../data/e2e-${apiPort}`;
// The secret the storefront's server signs client addresses with, shared with the API (server.mjs). Kept in the
// environment so that the test workers (which load this file again) get the same one: a spec starts its own
// storefront with it (e2e/client-address.spec.ts).
process.env.E2E_CLIENT_ADDRESS_SECRET ??= randomBytes(32).toString('base64url');
const clientAddressSecret = process.env.E2E_CLIENT_ADDRESS_SECRET;
// The sandbox processor: its own process, port and storage (E2E_PROCESSOR_PORT, default the API's port + 1000),
// with a merchant API key made for this run.
const processorPort = Number(process.env.E2E_PROCESSOR_PORT ?? apiPort + 1000);
const processorDataDir = `../../data/e2e-processor-${processorPort}`;
const processorKey = `e2e-${randomBytes(24).toString('hex')}`;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${webPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: `rm -rf ${processorDataDir} && ../../node_modules/.bin/tsx src/server.ts`,
      cwd: '../sandbox-processor',
      url: `http://127.0.0.1:${processorPort}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        SANDBOX_PROCESSOR_PORT: String(processorPort),
        SANDBOX_PROCESSOR_PUBLIC_URL: `http://localhost:${processorPort}`,
        SANDBOX_PROCESSOR_DATA_DIR: processorDataDir,
        SANDBOX_PROCESSOR_MERCHANTS: `storefront:${processorKey}`,
        SANDBOX_PROCESSOR_PARENT_ORIGIN: `http://localhost:${webPort}`,
      },
    },
    {
      command: `rm -rf ${dataDir} && ../../node_modules/.bin/tsx src/server.ts`,
      cwd: '../api',
      url: `http://localhost:${apiPort}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        API_PORT: String(apiPort),
        API_PUBLIC_URL: `http://localhost:${apiPort}`,
        WEB_PUBLIC_URL: `http://localhost:${webPort}`,
        PGLITE_DIR: dataDir,
        PROCESSOR_URL: `http://127.0.0.1:${processorPort}`,
        PROCESSOR_PUBLIC_URL: `http://localhost:${processorPort}`,
        PROCESSOR_API_KEY: processorKey,
        LOG_LEVEL: 'warn',
        STAFF_KEY: 'e2e-staff-key',
        // As `npm start`: the storefront's server signs each guest's address (server.mjs).
        CLIENT_ADDRESS_SECRET: clientAddressSecret,
        // The large store page's journey (e2e/large-menu.spec.ts): 'Bench Large Menu' in Anchorage, 300 items.
        SEED_LARGE_MENU_ITEMS: '300',
        // The accounts journeys (e2e/account-session.spec.ts): a quick ALTCHA proof of work, the mailbox page
        // for the activation and reset links, and the outbox worker delivering at once.
        CAPTCHA_MAX_NUMBER: '1000',
        CAPTCHA_FREE_CHALLENGES: '1000000',
        MAILBOX: 'true',
        OUTBOX_POLL_MS: '100',
        // The expired-code journey (e2e/sms-verification.spec.ts): a code lives 45 s here, not 10 minutes.
        VERIFICATION_CODE_TTL_SECONDS: String(E2E_VERIFICATION_CODE_TTL_SECONDS),
        // The loyalty journeys (e2e/loyalty.spec.ts) mint the brand app's single-sign-on tokens with it.
        LOYALTY_SSO_SECRET: 'e2e-loyalty-sso-secret-not-for-production-use',
      },
    },
    {
      command: `node server.mjs -p ${webPort}`,
      url: `http://localhost:${webPort}/error`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        API_URL: `http://localhost:${apiPort}`,
        API_PUBLIC_URL: `http://localhost:${apiPort}`,
        PROCESSOR_PUBLIC_URL: `http://localhost:${processorPort}`,
        WEB_PUBLIC_URL: `http://localhost:${webPort}`,
        NEXT_TELEMETRY_DISABLED: '1',
        CLIENT_ADDRESS_SECRET: clientAddressSecret,
        // The test runner stands for the one proxy in front: a journey that plays several guests names each one's
        // address in X-Forwarded-For, as a load balancer would (e2e/client-address.spec.ts checks both settings).
        TRUST_PROXY_HOPS: '1',
        // Not production: debug mode is offered (its journey switches it on).
        APP_ENV: 'test',
        ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
      },
    },
  ],
});
