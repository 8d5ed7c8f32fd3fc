/**
 * One database handle for the whole API: PGlite (embedded, `./data`) by default, a PostgreSQL server when
 * DATABASE_URL is set. Both run the same Drizzle schema and the same committed migrations.
 *
 * Inside a transaction there is exactly one way to the database: the transaction's handle. A query through the
 * root handle from inside a transaction would wait for a second connection, which PGlite (one connection, held
 * by the transaction) never gives and a busy pool may not: the request wedges and takes the routes behind it
 * along. So the root handle's transactions mark their async context, and the root's way to the driver throws a
 * RootHandleInTransactionError at once when called from a marked context (one AsyncLocalStorage lookup per
 * root query; queries through a transaction handle are not checked).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, loadable with `loadDataDir` (test templates). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Calls `listener` with the text of every statement sent to the server from now on (BEGIN and COMMIT
   * included: each is one round trip), until the returned function is called. Tests count a route's
   * statements with it; with no listener it costs one size check per statement.
   */
  onStatement(listener: StatementListener): () => void;
}

/** Told the text of each statement a Database sends (see Database.onStatement). */
export type StatementListener = (text: string) => void;

/** The listeners of one Database, and how its driver wrappers tell them. */
function statementListeners() {
  const listeners = new Set<StatementListener>();
  const subscribe = (listener: StatementListener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const tell = (query: unknown) => {
    if (listeners.size === 0) return;
    const text = typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '');
    for (const listener of listeners) listener(text);
  };
  return { subscribe, tell };
}

/** Wraps `target[name]` (a driver's query function) so that each call is first told to `tell`. */
function counted<T extends object>(target: T, name: keyof T, tell: (query: unknown) => void) {
  const original = target[name];
  if (typeof original !== 'function') return;
  const bound = (original as (...args: unknown[]) => unknown).bind(target);
  (target as Record<keyof T, unknown>)[name] = (query: unknown, ...rest: unknown[]) => {
    tell(query);
    return bound(query, ...rest);
  };
}

/** A query through the root handle from inside one of its transactions: a programming error, never waited on. */
export class RootHandleInTransactionError extends Error {
  constructor() {
    super(
      'The root database handle was used inside a transaction: inside db.transaction(tx => ...) go through tx ' +
        '(the root handle would wait for a second connection the open transaction may never let go of)',
    );
    this.name = 'RootHandleInTransactionError';
  }
}

interface TransactionScope {
  /** False once the transaction's callback has settled: work it left running may use the root handle again. */
  open: boolean;
}

const transactionScope = new AsyncLocalStorage<TransactionScope>();
/** Transaction handle -> its root handle, for per-database caches (see lib/per-db.ts). */
const rootOfTransaction = new WeakMap<Db, Db>();

/** The root handle a transaction handle belongs to; the handle itself when it is a root (or unknown). */
export function rootHandleOf(db: Db): Db {
  return rootOfTransaction.get(db) ?? db;
}

function assertOutsideTransaction() {
  if (transactionScope.getStore()?.open) throw new RootHandleInTransactionError();
}

/** Replaces `target[name]` (a driver entry point of the root handle) by one that first checks the context. */
function guard<T extends object, K extends keyof T>(target: T, name: K) {
  const original = target[name];
  if (typeof original !== 'function') return;
  const bound = (original as (...args: unknown[]) => unknown).bind(target);
  (target as Record<K, unknown>)[name] = (...args: unknown[]) => {
    assertOutsideTransaction();
    return bound(...args);
  };
}

/**
 * The pool's checkout (what a transaction takes), guarded like the queries, and with a client that gives itself
 * back when its connection fails. Drizzle sends BEGIN outside its try/finally: when that fails (a connection
 * ended by a restart a moment before the pool noticed), the client is never released, the pool shrinks by one
 * for good and pool.end() waits for ever. Releasing with the error removes such a client; the caller's own
 * release() afterwards does nothing.
 */
function guardConnect(pool: pg.Pool) {
  const connect = pool.connect.bind(pool);
  const checkout = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', releaseOnce);
      release(error);
    };
    client.on('error', releaseOnce);
    client.release = releaseOnce;
    return client;
  };
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    assertOutsideTransaction();
    // The callback form is the pool's own (pool.query), which releases its client on errors itself.
    if (callback) return connect(callback);
    return connect().then(checkout);
  }) as typeof pool.connect;
}

/** Runs the root handle's transactions in a marked async context (see the module comment). */
function scopeTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  const transaction: Db['transaction'] = (run, config) =>
    begin(async (tx) => {
      const scope: TransactionScope = { open: true };
      rootOfTransaction.set(tx, db);
      try {
        return await transactionScope.run(scope, () => run(tx));
      } finally {
        scope.open = false;
      }
    }, config);
  db.transaction = transaction;
  return db;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Bounds of the PostgreSQL pool. A request that cannot get a connection within `acquireTimeoutMs` fails
 * (503, see lib/db-errors.ts) instead of queueing behind a stuck pool; the server ends a statement running
 * longer than `statementTimeoutMs` and a session left idle inside a transaction longer than
 * `idleInTransactionTimeoutMs` (which also frees the row locks of a process that stopped mid-transaction).
 */
export interface PoolBounds {
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_POOL_BOUNDS: PoolBounds = {
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

export interface DatabaseOptions {
  /** postgres://... for a server; omitted for PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  /** PGlite only: start from this data directory tarball (`dumpDataDir()`) instead of an empty database. */
  loadDataDir?: Blob;
  poolSize?: number;
  pool?: Partial<PoolBounds>;
  /**
   * Errors of idle pooled connections (a restart or a terminated backend). The pool drops such a client and opens
   * a new one when needed; without a listener node-postgres would crash the process. Default: logged to stderr.
   */
  onIdleClientError?: (error: Error & { code?: string }) => void;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const bounds = { ...DEFAULT_POOL_BOUNDS, ...options.pool };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: bounds.acquireTimeoutMs,
      statement_timeout: bounds.statementTimeoutMs,
      idle_in_transaction_session_timeout: bounds.idleInTransactionTimeoutMs,
      keepAlive: true,
    });
    pool.on(
      'error',
      options.onIdleClientError ??
        ((error) => console.error('idle PostgreSQL connection failed:', error.message)),
    );
    // The pool listens for errors only on idle clients. A client checked out for a transaction whose
    // connection dies between two queries (a restart, pg_terminate_backend) emits 'error' with no listener,
    // which Node turns into an uncaught exception that ends the process. The failure reaches the request
    // anyway: its next query rejects, the transaction fails, and release() drops a client that is no longer
    // queryable, so this listener only has to exist.
    const statements = statementListeners();
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // Every statement goes through a pooled client's query (pool.query too, BEGIN and COMMIT as well).
      counted(client, 'query', statements.tell);
    });
    guard(pool, 'query');
    guardConnect(pool);
    const db = scopeTransactions(drizzlePg(pool, { schema }));
    return {
      db,
      kind: 'postgres',
      // Migrations run on a connection of their own, without the pool's statement timeout: building an index
      // on a large table may take longer than any request should.
      migrate: async () => {
        const client = new pg.Client({ connectionString: options.url });
        client.on('error', () => undefined);
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      close: () => pool.end(),
      onStatement: statements.subscribe,
    };
  }
  const dataDir = options.dataDir ?? './data/pglite';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process per folder: a second one would destroy the database (issue 32). Throws DataDirLockedError.
  const lock = inMemory ? null : lockDataDir(dataDir);
  // PGlite is one connection in this process: queries queue on its lock, and nothing but a transaction holds
  // the lock across awaits; with the guard no query waits on its own transaction, so the queue always drains.
  // (It has no pool to time out, and statement_timeout has no timer to fire inside its single thread.)
  let client: PGlite;
  try {
    client = options.loadDataDir
      ? new PGlite(dataDir, { loadDataDir: options.loadDataDir })
      : new PGlite(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const statements = statementListeners();
  counted(client, 'query', statements.tell);
  counted(client, 'exec', statements.tell);
  // A transaction's statements go through its own handle; its BEGIN and COMMIT (or ROLLBACK) are PGlite's.
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(run: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      statements.tell('BEGIN');
      counted(tx, 'query', statements.tell);
      counted(tx, 'exec', statements.tell);
      const result = await run(tx);
      statements.tell('COMMIT');
      return result;
    });
  guard(client, 'query');
  guard(client, 'exec');
  guard(client, 'transaction');
  const db = scopeTransactions(drizzlePglite(client, { schema }));
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('none'),
    onStatement: statements.subscribe,
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
