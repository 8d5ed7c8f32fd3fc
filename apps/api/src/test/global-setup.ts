/**
 * Vitest global setup of the API project: migrates and seeds the demo database once per run, on PGlite (a data
 * directory tarball in the temporary folder) and on PostgreSQL (a template database), so that each test file
 * starts its databases from a copy instead of migrating and seeding again (the seed alone hashes client secrets
 * and demo passwords with argon2: seconds per database, twice per file). The copies are exactly what
 * `migrate()` + `seedDemo()` make; a context whose overrides change what the seed reads still builds its own.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/index';
import {
  dropServerDatabase,
  isPostgresReachable,
  seedKey,
  serverUrl,
  testEnv,
  type DbTemplates,
} from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates | null;
  }
}

/** Template databases of runs that were killed before their teardown (their process is gone). */
async function dropStaleTemplates(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'sf_template_%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(/^sf_template_(\d+)_/.exec(datname)?.[1]);
      if (!Number.isInteger(pid) || isAlive(pid)) continue;
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function pgliteTemplate(): Promise<string> {
  const database = openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedDemo(database.db, testEnv);
    if (!database.dumpDataDir) throw new Error('an in-memory PGlite database can dump its data directory');
    const tarball = await database.dumpDataDir();
    const file = join(tmpdir(), `sf-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function postgresTemplate(): Promise<string> {
  await dropStaleTemplates();
  const name = `sf_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
    await seedDemo(database.db, testEnv);
  } finally {
    await database.close();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const [pgliteFile, postgresName] = await Promise.all([
    pgliteTemplate(),
    isPostgresReachable().then((reachable) => (reachable ? postgresTemplate() : null)),
  ]);
  project.provide('dbTemplates', { pgliteFile, postgresName, seedKey: seedKey(testEnv) });
  return async () => {
    rmSync(pgliteFile, { force: true });
    if (postgresName) await dropServerDatabase(postgresName);
  };
}
