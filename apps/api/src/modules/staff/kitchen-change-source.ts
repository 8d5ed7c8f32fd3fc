/**
 * Where kitchen order changes come from: PostgreSQL's LISTEN on the channel the orders trigger notifies
 * (migration 0009). NOTIFY is delivered when the writing transaction commits, to every session listening on the
 * database, so a kitchen stream served by one API process hears orders placed or moved through any other.
 * PGlite (one process) listens on its single connection; a PostgreSQL server gets a connection of its own
 * outside the pool, since a LISTEN session must stay open for as long as anyone listens.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';

export const KITCHEN_ORDERS_CHANNEL = 'storefront_kitchen_orders';

export interface ChangeSource {
  /**
   * Starts listening: `onPayload` for each notification, `onLost` at most once when the connection is gone (the
   * caller listens again later). Resolves to a stop function; rejects when listening could not start.
   */
  listen(onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
}

function pgliteSource(client: PGlite): ChangeSource {
  return {
    async listen(onPayload) {
      const unlisten = await client.listen(KITCHEN_ORDERS_CHANNEL, onPayload);
      return () => unlisten();
    },
  };
}

function serverSource(pool: pg.Pool): ChangeSource {
  return {
    async listen(onPayload, onLost) {
      const { connectionString, host, port, user, password, database, ssl } = pool.options;
      const client = new pg.Client({
        connectionString,
        host,
        port,
        user,
        password,
        database,
        ssl,
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      });
      let lost = false;
      const lose = (error: Error) => {
        if (lost) return;
        lost = true;
        onLost(error);
      };
      client.on('error', lose);
      client.on('end', () => lose(new Error('the LISTEN connection ended')));
      client.on('notification', (message) => {
        if (message.channel === KITCHEN_ORDERS_CHANNEL && message.payload) onPayload(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${KITCHEN_ORDERS_CHANNEL}`);
      } catch (error) {
        lost = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      return async () => {
        lost = true;
        await client.end().catch(() => undefined);
      };
    },
  };
}

/** The change source of the database behind a root handle (the driver client drizzle keeps as `$client`). */
export function changeSourceFor(db: Db): ChangeSource {
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof PGlite) return pgliteSource(client);
  if (client instanceof pg.Pool) return serverSource(client);
  throw new Error('kitchen events: the database handle has no PGlite or PostgreSQL pool client');
}
