import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the real stack: the API on a fresh embedded database (PGlite) with the demo data,
 * and the production build of the storefront. Debian's Chromium; browsers are never downloaded.
 */
const apiPort = 4100;
const webPort = 3100;
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
      command: `rm -rf ../../data/e2e && ../../node_modules/.bin/tsx src/server.ts`,
      cwd: '../api',
      url: `http://localhost:${apiPort}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        API_PORT: String(apiPort),
        API_PUBLIC_URL: `http://localhost:${apiPort}`,
        WEB_PUBLIC_URL: `http://localhost:${webPort}`,
        PGLITE_DIR: '../../data/e2e',
        LOG_LEVEL: 'warn',
        STAFF_KEY: 'e2e-staff-key',
      },
    },
    {
      command: `../../node_modules/.bin/next start -p ${webPort}`,
      url: `http://localhost:${webPort}/error`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        API_URL: `http://localhost:${apiPort}`,
        API_PUBLIC_URL: `http://localhost:${apiPort}`,
        WEB_PUBLIC_URL: `http://localhost:${webPort}`,
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  ],
});
