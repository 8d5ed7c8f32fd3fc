/**
 * The sandbox processor's own storage: an embedded PGlite folder by default, its own PostgreSQL database when
 * SANDBOX_PROCESSOR_DATABASE_URL is set. It never shares the API's database: its ledgers (charges, the gift
 * cards and their entries, wallet sessions) and its signing secret are its alone.
 *
 * A small SQL interface is enough (a handful of tables, created at start): `query` for single statements and
 * `transaction` for the few steps that must happen together; inside a transaction only its handle is used.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Sql {
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Store extends Sql {
  kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS processor_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE IF NOT EXISTS charges (
  id serial PRIMARY KEY,
  merchant text NOT NULL,
  idempotency_key text NOT NULL,
  token_hash text NOT NULL,
  amount_cents integer NOT NULL,
  outcome text NOT NULL,
  status text NOT NULL,
  brand text NOT NULL,
  last_four text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS gift_cards (
  id serial PRIMARY KEY,
  merchant text NOT NULL,
  number text NOT NULL,
  initial_balance_cents integer NOT NULL,
  balance_cents integer NOT NULL CHECK (balance_cents >= 0),
  UNIQUE (merchant, number)
);
CREATE TABLE IF NOT EXISTS gift_card_entries (
  id serial PRIMARY KEY,
  merchant text NOT NULL,
  gift_card_id integer NOT NULL REFERENCES gift_cards(id),
  amount_cents integer NOT NULL,
  kind text NOT NULL,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant, idempotency_key)
);
CREATE TABLE IF NOT EXISTS wallet_sessions (
  id uuid PRIMARY KEY,
  merchant text NOT NULL,
  secret_hash text NOT NULL,
  reference text NOT NULL,
  merchant_name text NOT NULL,
  amount_cents integer NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
`;

function pgliteStore(dir: string | null): Store {
  if (dir) mkdirSync(dir, { recursive: true });
  const db = dir ? new PGlite(dir) : new PGlite();
  const sql = (handle: Pick<PGlite, 'query'>): Sql => ({
    async query<T extends object>(text: string, params: unknown[] = []) {
      return (await handle.query<T>(text, params)).rows;
    },
  });
  return {
    kind: 'pglite',
    ...sql(db),
    transaction: (work) => db.transaction((tx) => work(sql(tx))),
    close: () => db.close(),
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10, idle_in_transaction_session_timeout: 30_000 });
  return {
    kind: 'postgres',
    async query<T extends object>(text: string, params: unknown[] = []) {
      return (await pool.query<T>(text, params)).rows;
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<T extends object>(text: string, params: unknown[] = []) {
            return (await client.query<T>(text, params)).rows;
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Opens the store (PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`, in memory for null) and creates its tables. */
export async function openStore(options: { databaseUrl?: string; dataDir: string | null }): Promise<Store> {
  const store = options.databaseUrl ? postgresStore(options.databaseUrl) : pgliteStore(options.dataDir);
  if (store.kind === 'postgres') {
    // Two processors starting at once on a new database: one creates the tables, the other waits for it.
    await store.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(735001)');
      for (const statement of SCHEMA.split(';').filter((s) => s.trim())) await tx.query(statement);
    });
  } else {
    for (const statement of SCHEMA.split(';').filter((s) => s.trim())) await store.query(statement);
  }
  return store;
}

/**
 * The processor's signing secret: made once at first start and kept in its own storage, so tokens (saved
 * cards' vault tokens among them) stay valid across restarts without any default secret in the code.
 */
export async function signingSecret(store: Store): Promise<string> {
  await store.query(
    `INSERT INTO processor_settings (name, value) VALUES ('signing_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await store.query<{ value: string }>(
    `SELECT value FROM processor_settings WHERE name = 'signing_secret'`,
  );
  if (!row) throw new Error('the processor lost its signing secret');
  return row.value;
}
