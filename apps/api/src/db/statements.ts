/**
 * Hand-written SQL for hot paths (order placement, issue 36): the text is written once at module load and sent
 * by name, so PostgreSQL parses and plans it once per connection and the API builds nothing per call (Drizzle's
 * query builder costs more CPU than the database for short statements). Rows come back as the driver parses
 * them; `rowOf` maps a table's row given as JSON (`row_to_json`) to the shape Drizzle's select answers.
 */
import { getTableColumns, type Table } from 'drizzle-orm';
import type { Db } from './client';

/** A named SQL text with $1..$n parameters. */
export interface Statement {
  name: string;
  text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/**
 * A timestamp column read as whole epoch milliseconds, a float8 (what Date#getTime gives of the driver's Date): the
 * driver hands back a number instead of a Date it must parse per column of each row.
 */
export const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

interface Driver {
  query(...args: unknown[]): Promise<{ rows: unknown[] }>;
  exec?: unknown;
}

/** The driver client behind a Drizzle handle (a pool, a pooled client in a transaction, PGlite or its tx). */
function driverOf(db: Db): Driver {
  return (db as unknown as { session: { client: Driver } }).session.client;
}

/**
 * Runs `st` with `values` through `db` (a root handle or a transaction's): on PostgreSQL as a named prepared
 * statement, on PGlite as a query. Parameters are sent as the driver sends them: pass JSON as a string (cast
 * with ::jsonb), never as a JS array or object.
 */
export async function runStatement<R>(db: Db, st: Statement, values: unknown[]): Promise<R[]> {
  const driver = driverOf(db);
  const result =
    typeof driver.exec === 'function'
      ? await driver.query(st.text, values)
      : await driver.query({ name: st.name, text: st.text, values });
  return result.rows as R[];
}

type ColumnMap = [string, { name: string; mapFromDriverValue(v: unknown): unknown }][];
const columnsOf = new WeakMap<Table, ColumnMap>();

/** A row of `table` given as JSON with its column names (`row_to_json`), as Drizzle's select maps it. */
export function rowOf<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}
