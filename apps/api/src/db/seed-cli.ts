/** `npm run db:seed`: empties the demo tables and loads the demo data again. */
import { sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { exitIfDataDirLocked } from './data-dir-lock';
import { seedDemo } from './seed/index';

const env = loadEnv();
// Refused, with the reason, while another process holds the PGlite folder (db/data-dir-lock.ts).
const database = exitIfDataDirLocked(() => openDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR }));
await database.migrate();
const result: unknown = await database.db.execute(
  sql`select tablename from pg_tables where schemaname = 'public'`,
);
const names = (result as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`).join(', ');
if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
await seedDemo(database.db, env);
await database.close();
console.log(`demo data loaded (${database.kind})`);
