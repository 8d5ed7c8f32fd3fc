/**
 * Keeps a child process running: when it dies (a crash, an out-of-memory kill) it is started again after a
 * backoff (1 s doubling to 30 s by default) so that a process that cannot start does not spin; one that stayed up
 * `stableAfterMs` starts the count again. `npm start` runs the API under it, so a crashed API no longer takes the
 * storefront down with it.
 */
import { spawn } from 'node:child_process';

/** @typedef {{ firstMs: number, maxMs: number, stableAfterMs: number }} Backoff */

/** @type {Backoff} */
export const DEFAULT_BACKOFF = { firstMs: 1000, maxMs: 30_000, stableAfterMs: 60_000 };

/**
 * Starts `command args` and restarts it whenever it exits, until `stop()`; except when it exits with one of
 * `finalExitCodes` (it refused to run, e.g. its database folder is another process's: starting it again would
 * only fail again), which ends the supervision and calls `onFinalExit(code)`.
 * @param {{ name: string, command: string, args: string[], spawnOptions?: import('node:child_process').SpawnOptions,
 *   backoff?: Backoff, log?: (line: string) => void, finalExitCodes?: number[],
 *   onFinalExit?: (code: number) => void }} options
 * @returns {{ stop: () => void, readonly starts: number, readonly child: import('node:child_process').ChildProcess | null }}
 */
export function supervise({
  name,
  command,
  args,
  spawnOptions = {},
  backoff = DEFAULT_BACKOFF,
  log = console.error,
  finalExitCodes = [],
  onFinalExit = () => undefined,
}) {
  let stopped = false;
  let starts = 0;
  let delay = backoff.firstMs;
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** @type {NodeJS.Timeout | null} */
  let pending = null;

  const start = () => {
    pending = null;
    if (stopped) return;
    const startedAt = Date.now();
    starts += 1;
    const current = spawn(command, args, spawnOptions);
    child = current;
    current.on('exit', (code, signal) => {
      if (child === current) child = null;
      if (stopped) return;
      if (code !== null && finalExitCodes.includes(code)) {
        stopped = true;
        log(`${name} refused to run (exit code ${code}); not restarting it.`);
        onFinalExit(code);
        return;
      }
      if (Date.now() - startedAt >= backoff.stableAfterMs) delay = backoff.firstMs;
      log(`${name} stopped (${signal ?? code}); restarting it in ${delay / 1000} s.`);
      pending = setTimeout(start, delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    });
  };
  start();

  return {
    stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      child?.kill('SIGTERM');
    },
    get starts() {
      return starts;
    },
    get child() {
      return child;
    },
  };
}
