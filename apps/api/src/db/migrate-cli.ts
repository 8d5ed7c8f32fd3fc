import { loadEnv } from '../env';
import { openDatabase } from './client';
import { exitIfDataDirLocked } from './data-dir-lock';

const env = loadEnv();
// Refused, with the reason, while another process holds the PGlite folder (db/data-dir-lock.ts).
const database = exitIfDataDirLocked(() => openDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR }));
await database.migrate();
await database.close();
console.log(`migrated (${database.kind})`);
