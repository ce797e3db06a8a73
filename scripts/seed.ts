import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openDatabase } from '../server/db/client';
import { seedSessions } from '../server/seed/sessions';

/**
 * `npm run seed -- --sessions N [--data-dir D] [--with-detail K] [--seed S]`: adds N generated
 * sessions (deterministic for a given seed) to the PGlite database in D (default .data/db,
 * the one `npm start` uses; stop the server first) or to PostgreSQL when DATABASE_URL is set.
 * By default every session gets its transcripts and analyses; --with-detail K limits that to
 * the first K (the rest are summary rows, for very large lists).
 */
const { values } = parseArgs({
  options: {
    sessions: { type: 'string' },
    'data-dir': { type: 'string' },
    'with-detail': { type: 'string' },
    seed: { type: 'string' },
  },
});
const count = Number(values.sessions);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: npm run seed -- --sessions N [--data-dir DIR] [--with-detail K] [--seed S]   (DATABASE_URL for PostgreSQL)');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.data/db');
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
try {
  console.log(`Seeding ${count} sessions into ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`} (seed ${seed})`);
  await seedSessions({
    db: database.db,
    count,
    seed,
    withDetail: values['with-detail'] === undefined ? undefined : Number(values['with-detail']),
    log: (line) => console.log(line),
  });
} finally {
  await database.close();
}
