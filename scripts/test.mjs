#!/usr/bin/env node
/** `npm test`: typecheck, lint, unit and integration tests, then the end-to-end journeys in Chromium. */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

const steps = [
  ['typecheck contracts', bin('tsc'), ['--noEmit', '-p', 'packages/contracts']],
  ['typecheck api', bin('tsc'), ['--noEmit', '-p', 'apps/api']],
  ['typecheck sandbox processor', bin('tsc'), ['--noEmit', '-p', 'apps/sandbox-processor']],
  ['typecheck web', bin('tsc'), ['--noEmit', '-p', 'apps/web']],
  ['lint', bin('eslint'), ['--max-warnings=0', '.']],
  ['format', bin('prettier'), ['--check', '.']],
  ['unit and integration tests', bin('vitest'), ['run']],
  ['build storefront', bin('next'), ['build'], join(root, 'apps/web')],
  ['end-to-end tests', bin('playwright'), ['test'], join(root, 'apps/web')],
];

const only = process.argv[2];
for (const [name, command, args, cwd = root] of steps) {
  if (only && !name.includes(only)) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  console.log(
    `  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
