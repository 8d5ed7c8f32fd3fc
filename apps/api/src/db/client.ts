/**
 * One database handle for the whole API: PGlite (embedded, `./data`) by default, a PostgreSQL server when
 * DATABASE_URL is set. Both run the same Drizzle schema and the same committed migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://... for a server; omitted for PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * Errors of idle pooled connections (a restart or a terminated backend). The pool drops such a client and opens
   * a new one when needed; without a listener node-postgres would crash the process. Default: logged to stderr.
   */
  onIdleClientError?: (error: Error & { code?: string }) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onIdleClientError ??
        ((error) => console.error('idle PostgreSQL connection failed:', error.message)),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
