/**
 * CPU time the bench's processes spend over a measurement, read from the kernel's accounting (/proc, Linux only):
 * the API's and the processor's process groups (each started detached, so its group holds the server and its
 * loader) and the PostgreSQL backends serving each database. Unlike a rate, these do not move with what else
 * the machine is running: a figure per order that holds when the machine is shared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** User plus system CPU of one process, in ms; null when it is gone or /proc cannot be read. */
function processCpuMs(pid: number | string): { pgrp: number; ms: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return { pgrp: Number(fields[2]), ms: (ticks * 1000) / CLOCK_TICKS };
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/** CPU ms of every live process in the group `pgid`. */
function groupCpuMs(pgid: number): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  for (const pid of pids) {
    const cpu = processCpuMs(pid);
    if (cpu?.pgrp === pgid) total += cpu.ms;
  }
  return total;
}

/** CPU ms per backend process serving `database` on the server at `serverUrl`. */
async function backendCpuMs(serverUrl: string, database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const read = processCpuMs(pid);
      if (read) cpu.set(pid, read.ms);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

export interface CpuParts {
  /** Process groups by name (the API, the processor). */
  groups: Record<string, number>;
  /** Databases by name: the CPU of their backends (PostgreSQL's own background processes are not counted). */
  databases: Record<string, string>;
  serverUrl: string;
}

/** CPU ms per part over a measurement; the bench process itself as `load generator`. */
export type CpuFigure = Record<string, number>;

/** Starts measuring; the returned function ends the measurement and gives each part's CPU ms. */
export async function startCpuMeter(parts: CpuParts): Promise<() => Promise<CpuFigure>> {
  const readBackends = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(parts.databases).map(
          async ([name, db]) => [name, await backendCpuMs(parts.serverUrl, db)] as const,
        ),
      ),
    );
  const groupsBefore = Object.fromEntries(
    Object.entries(parts.groups).map(([name, pgid]) => [name, groupCpuMs(pgid)]),
  );
  const backendsBefore = await readBackends();
  const selfBefore = process.cpuUsage();
  return async () => {
    const self = process.cpuUsage(selfBefore);
    const figure: CpuFigure = {};
    for (const [name, pgid] of Object.entries(parts.groups))
      figure[name] = groupCpuMs(pgid) - (groupsBefore[name] ?? 0);
    const backendsAfter = await readBackends();
    for (const [name, after] of Object.entries(backendsAfter)) {
      const before = backendsBefore[name] ?? new Map<number, number>();
      let ms = 0;
      // A backend that started during the measurement counts from zero; one that ended is lost (pools keep theirs).
      for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
      figure[name] = ms;
    }
    figure['load generator'] = (self.user + self.system) / 1000;
    return figure;
  };
}

/**
 * `api 3.1, processor 1.2, ...` ms per order; per request (a read, a fraction of a ms) in microseconds, whole.
 */
export function describeCpuPerOrder(
  figure: CpuFigure,
  orders: number,
  unit: 'order' | 'request' = 'order',
): string {
  const [scale, digits, per] = unit === 'order' ? [1, 2, 'ms per order'] : [1000, 0, 'us per request'];
  const each = (ms: number) => ((ms * scale) / orders).toFixed(digits);
  const parts = Object.entries(figure).map(([name, ms]) => `${name} ${each(ms)}`);
  const total = Object.values(figure).reduce((sum, ms) => sum + ms, 0);
  return `CPU ${per}: ${parts.join(', ')}; total ${each(total)}`;
}
