/** Helpers of `npm run bench`: child processes, HTTP readiness, load runs and Lighthouse runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon, { type Options } from 'autocannon';
import pg from 'pg';

export const root = new URL('..', import.meta.url).pathname;
export const bin = (name: string) => `${root}node_modules/.bin/${name}`;

const children: ChildProcess[] = [];

/**
 * Starts a long-running child process; every one is killed when the bench ends. Its output is dropped and its
 * errors shown, unless `logFd` (an open file) is given: then both go there.
 */
export function startProcess(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  logFd?: number,
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd ?? 'ignore', logFd ?? 'inherit'],
    detached: true,
  });
  children.push(child);
  return child;
}

export function stopAll() {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

/** The sandbox processor the bench started: its merchant API (also the origin the browser frames) and our key. */
export interface BenchProcessor {
  url: string;
  key: string;
  /** Its process group (the bench measures the group's CPU). */
  pid: number;
}

/**
 * How a TypeScript server of the bench is started: by tsx, or, with `cpuProfileDir`, by node with tsx as its loader
 * and a V8 CPU profile written to that folder when it stops (node refuses --cpu-prof in NODE_OPTIONS).
 */
export function serverCommand(cpuProfileDir?: string): [string, string[]] {
  return cpuProfileDir
    ? [
        process.execPath,
        ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, '--import', 'tsx', 'src/server.ts'],
      ]
    : [bin('tsx'), ['src/server.ts']];
}

/**
 * Starts the sandbox processor, a separate service on its own PostgreSQL database (`databaseUrl`) as in
 * production, taking the storefront at `parentOrigin` as the one page that may frame it (`cpuProfileDir`: see
 * serverCommand).
 */
export async function startSandboxProcessor(
  port: number,
  databaseUrl: string,
  parentOrigin: string,
  cpuProfileDir?: string,
): Promise<BenchProcessor> {
  const key = `bench-processor-${randomUUID()}-${randomUUID()}`;
  const url = `http://127.0.0.1:${port}`;
  const [command, args] = serverCommand(cpuProfileDir);
  const child = startProcess(command, args, `${root}apps/sandbox-processor`, {
    SANDBOX_PROCESSOR_PORT: String(port),
    SANDBOX_PROCESSOR_DATABASE_URL: databaseUrl,
    SANDBOX_PROCESSOR_MERCHANTS: `storefront:${key}`,
    SANDBOX_PROCESSOR_PARENT_ORIGIN: parentOrigin,
  });
  await waitForUrl(`${url}/health`);
  return { url, key, pid: child.pid ?? 0 };
}

/** Creates the database `name` on the server at `serverUrl` (dropped first when it exists); returns its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database `name` on the server at `serverUrl`, its open sessions with it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function waitForUrl(url: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${seconds} s`);
}

export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Requests answered in the measured run (the warm-up's not counted). */
  requests?: number;
  /** Where asked for: each refusal (status and the API's first error message) and how many times it came. */
  refusals?: Record<string, number>;
}

/**
 * Counts a route's refusals by status and the API's first error message (an envelope's `errors[0].message`), for
 * an autocannon request's `onResponse`: a bench figure with refusals in it says which.
 */
export function refusalCounter(): {
  onResponse: (status: number, body: string) => void;
  refusals: Record<string, number>;
} {
  const refusals: Record<string, number> = {};
  return {
    refusals,
    onResponse(status, body) {
      if (status < 300) return;
      let message = body.slice(0, 80);
      try {
        message = (JSON.parse(body) as { errors?: { message?: string }[] }).errors?.[0]?.message ?? message;
      } catch {
        // not JSON: the start of the body
      }
      const key = `${status} ${message}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    },
  };
}

/**
 * One autocannon run: `seconds` long after a 1 s warm-up, or, with `amount`, exactly that many requests and no
 * warm-up (for requests that consume what they touch, like placing an order).
 */
export async function load(
  name: string,
  options: Options,
  seconds = 8,
  /** Called after the warm-up, right before the measured run (to start a CPU meter on the measured run alone). */
  beforeRun?: () => Promise<void>,
): Promise<LoadFigure> {
  if (options.amount === undefined) await autocannon({ ...options, duration: 1 });
  await beforeRun?.();
  const result = await autocannon(
    options.amount === undefined
      ? { connections: 10, ...options, duration: seconds }
      : { connections: 10, ...options },
  );
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** The value of a `--name=value` command-line option, or undefined when it is not given. */
export function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** `--runs=N`: a whole number of runs, at least 1 (`fallback` when not given or not a number). */
export function runsOption(fallback: number): number {
  return Math.max(1, Math.floor(Number(option('runs') ?? fallback)) || 1);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { value: T; succeed: boolean; errors: unknown[] };
  if (!res.ok || !body.succeed) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body.errors)}`);
  return body.value;
}
