/**
 * One process per PGlite folder. PGlite is PostgreSQL in one process with no lock of its own on its folder: a
 * second process opening it (a second API, `npm run db:seed` while the API runs) left a database that aborted at
 * every later start (issue 32). `lockDataDir(dir)` takes an exclusive lock beside the folder, `<dir>.lock`, a file
 * holding the owner's pid, host and process start time, created atomically (written aside, then hard-linked into
 * place: the link fails when the file exists). While its owner lives, every other process is refused with
 * DataDirLockedError; a lock whose owner is gone (killed, crashed) is stale and taken over:
 * - the pid is not alive on this host, or it is alive but started at another time (the pid was reused);
 * - it names this process's pid but was not taken by it (a container's pid 1, started again).
 * A lock from another host cannot be judged and is never taken over (the message says how to remove it).
 * Any PGlite folder uses it: the API's (openDatabase, db/client.ts) and any other app's.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/** The exit code of a process refused the lock (EX_TEMPFAIL): its supervisor must not start it again. */
export const DATA_DIR_LOCKED_EXIT_CODE = 75;

/** What the lock file holds. */
export interface DataDirLockOwner {
  pid: number;
  host: string;
  /** The process's start time (Linux: clock ticks after boot, /proc/<pid>/stat), null where unknown. */
  startTime: number | null;
  /** The owner's command line, for the message. */
  command: string;
  since: string;
  /** Tells this process's own lock from another's with the same pid. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly lockPath: string,
    readonly owner: DataDirLockOwner,
  ) {
    const where =
      owner.host === hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host}`;
    super(
      `The database folder ${dir} is in use by ${where} (${owner.command}, since ${owner.since}). ` +
        'Only one process may open a PGlite folder at a time: stop that one first (or give this one another ' +
        `PGLITE_DIR). If that process is certainly gone, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The lock file. */
  readonly path: string;
  /** Gives the folder up (idempotent); also done when the process exits. */
  release(): void;
}

/**
 * The lock files this process holds (path -> token): a second lockDataDir of the same folder here is refused
 * too. Kept on globalThis, so that two copies of this module in one process (a test runner's) share it.
 */
const HELD = Symbol.for('storefront.data-dir-locks');
const registry = globalThis as typeof globalThis & { [HELD]?: Map<string, string> };
const held = (registry[HELD] ??= new Map<string, string>());

/** A process's start time on Linux (field 22 of /proc/<pid>/stat), null elsewhere or when it is gone. */
function startTimeOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether the owner recorded in a lock still runs (true when it cannot be told: another host). */
function isOwnerAlive(owner: DataDirLockOwner, lockPath: string): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return held.get(lockPath) === owner.token;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const startTime = startTimeOf(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

function parseOwner(text: string): DataDirLockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<DataDirLockOwner>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string')
      return null;
    return {
      pid: value.pid,
      host: value.host,
      startTime: typeof value.startTime === 'number' ? value.startTime : null,
      command: typeof value.command === 'string' ? value.command : 'unknown',
      since: typeof value.since === 'string' ? value.since : 'unknown',
      token: value.token,
    };
  } catch {
    return null;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** The lock file of a folder: beside it, so that nothing foreign sits inside PostgreSQL's data directory. */
export function dataDirLockPath(dir: string): string {
  return `${resolve(dir)}.lock`;
}

/**
 * The live owner of a folder's lock, or null when it is free (no lock, or a stale one). For a check before
 * starting work that would be wasted (npm start's build); the lock itself is only ever taken by lockDataDir.
 */
export function dataDirLockOwner(dir: string): DataDirLockOwner | null {
  const lockPath = dataDirLockPath(dir);
  const text = readText(lockPath);
  const owner = text === null ? null : parseOwner(text);
  return owner && isOwnerAlive(owner, lockPath) ? owner : null;
}

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError naming the live owner. A stale lock is
 * moved aside (an atomic rename) and taken over; if what was moved turns out to be a fresh lock another process
 * took meanwhile, it is put back and the next attempt sees its owner.
 */
export function lockDataDir(dir: string): DataDirLock {
  const lockPath = dataDirLockPath(dir);
  mkdirSync(dirname(lockPath), { recursive: true });
  const token = randomBytes(12).toString('hex');
  const record: DataDirLockOwner = {
    pid: process.pid,
    host: hostname(),
    startTime: startTimeOf(process.pid),
    command: process.argv
      .slice(1)
      .map((arg) => arg.replace(/^.*\/node_modules\//, ''))
      .join(' ')
      .slice(0, 200),
    since: new Date().toISOString(),
    token,
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const temporary = `${lockPath}.${process.pid}.${token}`;
    writeFileSync(temporary, JSON.stringify(record), { flag: 'wx' });
    try {
      linkSync(temporary, lockPath);
      held.set(lockPath, token);
      return ownLock(lockPath, token);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    } finally {
      unlinkSync(temporary);
    }
    const text = readText(lockPath);
    if (text === null) continue; // released meanwhile
    const owner = parseOwner(text);
    if (owner && isOwnerAlive(owner, lockPath)) throw new DataDirLockedError(resolve(dir), lockPath, owner);
    const aside = `${lockPath}.stale.${process.pid}.${token}`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if (isCode(error, 'ENOENT')) continue;
      throw error;
    }
    if (readText(aside) !== text) {
      // Another process replaced the stale lock between our read and the rename: give its lock back.
      try {
        linkSync(aside, lockPath);
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not take the lock ${lockPath}: it kept changing hands`);
}

function ownLock(lockPath: string, token: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    held.delete(lockPath);
    // Only our own lock file: never one another process took over after ours was judged stale.
    const text = readText(lockPath);
    if (text !== null && parseOwner(text)?.token === token) {
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if (!isCode(error, 'ENOENT')) throw error;
      }
    }
  };
  process.on('exit', release);
  return { path: lockPath, release };
}

/**
 * `open()`, or, when another process holds the PGlite folder, the reason on stderr and exit code
 * DATA_DIR_LOCKED_EXIT_CODE (for the API's start and the db:seed / db:migrate commands: a clear refusal instead
 * of a stack trace, and one that `npm start`'s supervisor does not restart).
 */
export function exitIfDataDirLocked<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(DATA_DIR_LOCKED_EXIT_CODE);
  }
}
