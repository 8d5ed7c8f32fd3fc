/**
 * The PostgreSQL server the tests create their databases on (TEST_DATABASE_URL, else the local server), and the one
 * way a test drops such a database: the API's harness and the sandbox processor's own tests use it.
 */
import pg from 'pg';

export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Drops a database of the PostgreSQL server, waiting for the sockets of a pool that just ended to close. */
export async function dropServerDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    // The pool's sockets close a moment after pool.end() resolves: wait for them rather than terminating
    // them (a terminated connection reports a FATAL error to a client that no longer listens).
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await c.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}
