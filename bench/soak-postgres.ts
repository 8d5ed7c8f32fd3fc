/**
 * The PostgreSQL server the soak restarts: by default a throwaway server of its own (initdb in a temporary
 * directory, on a free port), so that stopping it drops nobody else's connections; or, with `--server=local`, the
 * machine's cluster (the one at 127.0.0.1:5432, stopped and started with pg_ctlcluster).
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  /** What it is, for the report. */
  description: string;
  /** A URL of the server's maintenance database (to create and drop the soak's database). */
  url: string;
  /** Stops the server (fast: open sessions are ended), resolving once it is down. */
  stop(): Promise<void>;
  /** Starts it again, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Removes a server of the soak's own; leaves the machine's cluster running. */
  dispose(): Promise<void>;
}

/** The installed major version (Debian's layout: /etc/postgresql/<version>/<cluster>). */
function installedVersion(): string {
  const [version] = readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!version) throw new Error('no PostgreSQL under /etc/postgresql');
  return version;
}

/** The machine's cluster: `pg_ctlcluster <version> main stop|start`. */
export function localCluster(url: string): PostgresServer {
  const version = installedVersion();
  const ctl = (action: 'stop' | 'start') =>
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action]).then(() => undefined);
  return {
    description: `the local cluster ${version}/main (pg_ctlcluster)`,
    url,
    stop: () => ctl('stop'),
    start: () => ctl('start'),
    dispose: async () => {},
  };
}

/**
 * A server of the soak's own on `port`, with the installed version's defaults. PostgreSQL refuses to run as
 * root: as root, its commands run as the postgres user.
 */
export async function ownServer(port: number): Promise<PostgresServer> {
  const version = installedVersion();
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const dir = mkdtempSync(join(tmpdir(), 'storefront-soak-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  chmodSync(dir, 0o700);
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', `${bin}/${command}`, ...args])
      : run(`${bin}/${command}`, args);
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    description: `its own PostgreSQL ${version} server (${data}, port ${port})`,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: async () => {
      if (running) await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
