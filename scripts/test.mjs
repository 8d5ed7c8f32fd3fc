#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit and integration tests, then the end-to-end journeys in Chromium.
 * `npm test -- <part of a step's name>...` runs the matching steps only (`npm test -- typecheck lint format`).
 *
 * The static checks run in two lanes at once (ESLint's typed rules on one core; the typechecks, Prettier and the
 * storefront's build on the other): ESLint and tsc are single-threaded, so together they take the time of the longer
 * lane, and the build no longer waits for the unit tests. The build skips its own TypeScript pass (the same program
 * as `tsc -p apps/web` minus the test files) because `typecheck web` runs right after it, with the route types the
 * build wrote (.next/types, validator.ts included). Output is printed step by step as each finishes; the first
 * failure fails the run after both lanes end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };

const only = process.argv.slice(2).filter(Boolean);
const selected = (name) => !only.length || only.some((part) => name.includes(part));

/** [name, command, args, cwd?, extra env?]; steps in one inner array of `staticLanes` run one after another. */
const staticLanes = [
  [['lint', bin('eslint'), ['--max-warnings=0', '.']]],
  [
    ['typecheck contracts', bin('tsc'), ['--noEmit', '-p', 'packages/contracts']],
    ['typecheck api', bin('tsc'), ['--noEmit', '-p', 'apps/api']],
    ['typecheck sandbox processor', bin('tsc'), ['--noEmit', '-p', 'apps/sandbox-processor']],
    ['format', bin('prettier'), ['--check', '.']],
    // Its types are checked by the next step when that runs too (apps/web/next.config.ts).
    [
      'build storefront',
      bin('next'),
      ['build'],
      join(root, 'apps/web'),
      selected('typecheck web') ? { STOREFRONT_BUILD_TYPES_CHECKED_AFTER: '1' } : {},
    ],
    ['typecheck web', bin('tsc'), ['--noEmit', '-p', 'apps/web']],
  ],
];
const laterSteps = [
  ['unit and integration tests', bin('vitest'), ['run']],
  ['end-to-end tests', bin('playwright'), ['test'], join(root, 'apps/web')],
];
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** Runs one step with its output buffered; resolves to [ok, printed block]. */
function runBuffered([name, command, args, cwd = root, extraEnv = {}]) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (status, extra = '') => {
      const text = Buffer.concat(output).toString() + extra;
      const ok = status === 0;
      done([ok, `\n▶ ${name}\n${text}  ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)} s`]);
    };
    child.on('error', (error) => finish(1, `${error.message}\n`));
    child.on('close', (status) => finish(status));
  });
}

function runInherited([name, command, args, cwd = root, extraEnv = {}]) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(`  ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  return ok;
}

const lanes = staticLanes
  .map((lane) => lane.filter(([name]) => selected(name)))
  .filter((lane) => lane.length);
if (lanes.flat().length === 1) {
  if (!runInherited(lanes.flat()[0])) process.exit(1);
} else if (lanes.length) {
  const started = Date.now();
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const [ok, block] = await runBuffered(step);
        console.log(block);
        if (!ok) return false;
      }
      return true;
    }),
  );
  console.log(`  static checks: ${results.every(Boolean) ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  if (!results.every(Boolean)) process.exit(1);
}

for (const step of laterSteps) {
  if (selected(step[0]) && !runInherited(step)) process.exit(1);
}
