#!/usr/bin/env node
/**
 * `npm start`: build the storefront when its sources changed, start the sandbox card processor (its own process,
 * port and storage), the API (which migrates and loads the demo data on first start) and the storefront, print
 * where they are and the demo credentials.
 */
import { spawn, spawnSync } from 'node:child_process';
import { supervise } from './supervise.mjs';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = resolve(import.meta.dirname, '..');
const webDir = join(root, 'apps/web');
const apiDir = join(root, 'apps/api');
const bin = (name) => join(root, 'node_modules/.bin', name);

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://localhost:${apiPort}`;
const processorPort = process.env.SANDBOX_PROCESSOR_PORT ?? '4300';
const processorPublicUrl = process.env.SANDBOX_PROCESSOR_PUBLIC_URL ?? `http://localhost:${processorPort}`;
// The API's key at the sandbox processor: made for this run unless one is set (both processes get it).
const processorKey = process.env.PROCESSOR_API_KEY ?? randomBytes(32).toString('base64url');
const merchantId = process.env.PROCESSOR_MERCHANT_ID ?? 'storefront';
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  API_URL: apiUrl,
  API_PORT: apiPort,
  API_PUBLIC_URL: process.env.API_PUBLIC_URL ?? `http://localhost:${apiPort}`,
  WEB_PUBLIC_URL: process.env.WEB_PUBLIC_URL ?? `http://localhost:${webPort}`,
  PGLITE_DIR: process.env.PGLITE_DIR ?? join(root, 'data/pglite'),
  // The storefront's server signs each guest's address (its socket's peer) for the API's per-address limits
  // (apps/web/server.mjs); both get this secret. Made for this run unless set: nothing else needs to know it.
  CLIENT_ADDRESS_SECRET: process.env.CLIENT_ADDRESS_SECRET ?? randomBytes(32).toString('base64url'),
  PROCESSOR_URL: process.env.PROCESSOR_URL ?? `http://127.0.0.1:${processorPort}`,
  // The processor's origin as the browser sees it: the API signs hosted page URLs for it, the storefront frames it.
  PROCESSOR_PUBLIC_URL: process.env.PROCESSOR_PUBLIC_URL ?? processorPublicUrl,
  PROCESSOR_API_KEY: processorKey,
  PROCESSOR_MERCHANT_ID: merchantId,
  SANDBOX_PROCESSOR_PORT: processorPort,
  SANDBOX_PROCESSOR_PUBLIC_URL: processorPublicUrl,
  SANDBOX_PROCESSOR_DATA_DIR: process.env.SANDBOX_PROCESSOR_DATA_DIR ?? join(root, 'data/sandbox-processor'),
  SANDBOX_PROCESSOR_MERCHANTS: process.env.SANDBOX_PROCESSOR_MERCHANTS ?? `${merchantId}:${processorKey}`,
  SANDBOX_PROCESSOR_PARENT_ORIGIN:
    process.env.SANDBOX_PROCESSOR_PARENT_ORIGIN ??
    process.env.WEB_PUBLIC_URL ??
    `http://localhost:${webPort}`,
};

// One process per PGlite folder (apps/api/src/db/data-dir-lock.ts): refuse at once while another process (another
// `npm start`, an API, `npm run db:seed`) holds it, before a build that would rewrite the storefront it serves.
const dataDirLock = await tsImport('../apps/api/src/db/data-dir-lock.ts', import.meta.url);
if (!process.env.DATABASE_URL) {
  const owner = dataDirLock.dataDirLockOwner(env.PGLITE_DIR);
  if (owner) {
    console.error(
      new dataDirLock.DataDirLockedError(
        resolve(env.PGLITE_DIR),
        dataDirLock.dataDirLockPath(env.PGLITE_DIR),
        owner,
      ).message,
    );
    process.exit(1);
  }
}

/** A fingerprint of the storefront's sources: rebuild only when it changes. */
function sourceFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      // Build output: .next, and .next-styles (the stylesheet a build compiles to inline it).
      if (name.startsWith('.next') || ['node_modules', 'e2e', 'test-results'].includes(name)) continue;
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  walk(webDir);
  walk(join(root, 'packages/contracts/src'));
  return hash.digest('hex');
}

const stamp = join(webDir, '.next/storefront-source.sha256');
const fingerprint = sourceFingerprint();
if (
  !existsSync(join(webDir, '.next/BUILD_ID')) ||
  !existsSync(stamp) ||
  readFileSync(stamp, 'utf8') !== fingerprint
) {
  console.log('Building the storefront...');
  const build = spawnSync(bin('next'), ['build'], { cwd: webDir, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, fingerprint);
}

const children = new Set();
/** Starts a child whose unexpected end stops everything (the storefront; the API is supervised instead). */
function run(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (shuttingDown) return;
    console.error(`${name} stopped (${signal ?? code}); stopping everything.`);
    shutdown(code ?? 1);
  });
  return child;
}

/**
 * The sandbox processor runs under a supervisor too (scripts/supervise.mjs): started again after a crash, like
 * the API; the guest sees the spec's processor error meanwhile.
 */
let processor = null;
function runProcessor() {
  processor = supervise({
    name: 'Sandbox processor',
    command: bin('tsx'),
    args: ['src/server.ts'],
    spawnOptions: { cwd: join(root, 'apps/sandbox-processor'), env, stdio: ['ignore', 'inherit', 'inherit'] },
  });
}

/** The API runs under a supervisor (scripts/supervise.mjs): a crashed API is started again, the storefront stays. */
let api = null;
function runApi() {
  api = supervise({
    name: 'API',
    command: bin('tsx'),
    args: ['src/server.ts'],
    spawnOptions: { cwd: apiDir, env, stdio: ['ignore', 'inherit', 'inherit'] },
    // The API refused the database folder (another process took it since the check above): it said why; stop.
    finalExitCodes: [dataDirLock.DATA_DIR_LOCKED_EXIT_CODE],
    onFinalExit: () => shutdown(1),
  });
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  api?.stop();
  processor?.stop();
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i += 1) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

runProcessor();
const processorUp = await waitFor(`http://127.0.0.1:${processorPort}/health`, 60);
if (processorUp) runApi();
if (!processorUp) {
  console.error('The sandbox processor did not start.');
  shutdown(1);
} else if (!(await waitFor(`${apiUrl}/health`, 120))) {
  console.error('The API did not start.');
  shutdown(1);
} else {
  run('Storefront', process.execPath, ['server.mjs', '-p', webPort], webDir);
  await waitFor(`http://localhost:${webPort}/error`, 60);
  console.log(`
Storefront       http://localhost:${webPort}
Ordering API     ${apiUrl}   (reference: ${apiUrl}/docs)
Card processor   ${processorPublicUrl}   (sandbox, its own storage)
Kitchen screen   http://localhost:${webPort}/kitchen   staff key: ${process.env.STAFF_KEY ?? 'kitchen-demo-key'}
Test cards       4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines (any future expiry, any CVV)
Press Ctrl+C to stop.`);
}
