import { loadEnv } from '../env';
import { openDatabase } from './client';

/** `tsx server/db/migrate.ts`: applies server/migrations to DATABASE_URL, or PGlite in DATA_DIR. */
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
console.log(`Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`}).`);
await database.close();
