import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is ~400 MB a database: keep parallel files bounded on this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' },
      },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'sandbox-processor',
          include: ['apps/sandbox-processor/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds each database kind once per run; the test files start from copies.
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The storefront imports through its tsconfig path alias ('@/components/ui/...').
        // next/dynamic's code-splitting is the bundler's business: tests load the split components eagerly.
        resolve: {
          alias: {
            '@': new URL('./apps/web', import.meta.url).pathname,
            'next/dynamic': new URL('./apps/web/test/next-dynamic.tsx', import.meta.url).pathname,
          },
        },
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Component tests drive the UI with user-event; on a loaded 2-core runner (the API tests run beside
          // them) the 5 s default is too tight. Nothing here asserts timing.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
