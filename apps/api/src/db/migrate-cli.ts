import { loadEnv } from '../env';
import { openDatabase } from './client';

const env = loadEnv();
const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
await database.migrate();
await database.close();
console.log(`migrated (${database.kind})`);
