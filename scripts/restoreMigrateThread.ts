import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../server/db/client';

/** A restore's thread (dataDirBackup.ts): opens the restored folder and applies the migrations, so a stuck database can be stopped. */
const port = parentPort;
if (!port) throw new Error('restoreMigrateThread.ts runs as a worker thread');
port.once('message', async (directory: string) => {
  try {
    const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
    try {
      await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await pglite.close();
    }
    port.postMessage({ ok: true });
  } catch (error) {
    port.postMessage({ ok: false, message: (error as Error).message });
  }
});
