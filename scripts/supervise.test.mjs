/**
 * `npm start` used to stop the storefront when the API died; the API now runs under supervise(), which starts it
 * again. These tests supervise a small Node program that dies the first times it starts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

const backoff = { firstMs: 50, maxMs: 200, stableAfterMs: 60_000 };

/** A program that counts its starts in `file`, dies (exit 1) for the first `crashes` of them, then stays up. */
const program = (file, crashes) => `
  const fs = require('node:fs');
  const n = Number(fs.existsSync(${JSON.stringify(file)}) ? fs.readFileSync(${JSON.stringify(file)}, 'utf8') : 0) + 1;
  fs.writeFileSync(${JSON.stringify(file)}, String(n));
  if (n <= ${crashes}) process.exit(1);
  setInterval(() => undefined, 1000);
`;

describe('supervise', () => {
  let dir = '';
  let running = null;
  afterEach(() => {
    running?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts a crashed process again, with a growing pause, until it stays up', async () => {
    dir = mkdtempSync(join(tmpdir(), 'supervise-'));
    const count = join(dir, 'starts');
    const lines = [];
    running = supervise({
      name: 'API',
      command: process.execPath,
      args: ['-e', program(count, 3)],
      backoff,
      log: (line) => lines.push(line),
    });
    await expect
      .poll(() => (existsSync(count) ? readFileSync(count, 'utf8') : '0'), { timeout: 10_000 })
      .toBe('4');
    expect(running.starts).toBe(4);
    expect(lines).toEqual([
      'API stopped (1); restarting it in 0.05 s.',
      'API stopped (1); restarting it in 0.1 s.',
      'API stopped (1); restarting it in 0.2 s.',
    ]);
    // The fourth start stays up: no further restarts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.starts).toBe(4);
    expect(running.child?.exitCode).toBeNull();
  });

  it('starts a killed process again (kill -9), and stop() ends it for good', async () => {
    dir = mkdtempSync(join(tmpdir(), 'supervise-'));
    const count = join(dir, 'starts');
    writeFileSync(count, '0');
    running = supervise({
      name: 'API',
      command: process.execPath,
      args: ['-e', program(count, 0)],
      backoff,
      log: () => undefined,
    });
    await expect.poll(() => readFileSync(count, 'utf8'), { timeout: 10_000 }).toBe('1');
    running.child?.kill('SIGKILL');
    await expect.poll(() => readFileSync(count, 'utf8'), { timeout: 10_000 }).toBe('2');

    const last = running.child;
    running.stop();
    await expect.poll(() => last?.signalCode, { timeout: 10_000 }).toBe('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running.starts).toBe(2);
  });

  it('does not start again a process that refused to run (a final exit code), and says so once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'supervise-'));
    const count = join(dir, 'starts');
    const lines = [];
    const finals = [];
    running = supervise({
      name: 'API',
      command: process.execPath,
      // Dies with 75 (its database folder is another process's) on every start.
      args: [
        '-e',
        `${program(count, 0).replace('setInterval(() => undefined, 1000);', '')} process.exit(75);`,
      ],
      backoff,
      log: (line) => lines.push(line),
      finalExitCodes: [75],
      onFinalExit: (code) => finals.push(code),
    });
    await expect.poll(() => finals, { timeout: 10_000 }).toEqual([75]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.starts).toBe(1);
    expect(readFileSync(count, 'utf8')).toBe('1');
    expect(lines).toEqual(['API refused to run (exit code 75); not restarting it.']);
  });
});
