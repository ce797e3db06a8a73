import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenedDatabase } from '../../server/db/client';
import { readBundledMigrations } from '../../server/services/readiness';
import { MIGRATIONS_FOLDER } from '../../server/db/client';
import { createFirebaseIdentity } from '../../server/services/identity';
import { createPostgresDatabase, DB_KINDS, testRuntimeConfig } from '../support/apiApp';
import { TEST_PROJECT_ID, useAuthEmulator } from '../support/identity';

const bundled = readBundledMigrations(MIGRATIONS_FOLDER);

describe.each(DB_KINDS)('GET /api/health/ready (%s)', (kind) => {
  let database: OpenedDatabase;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const identity = createFirebaseIdentity({ projectId: TEST_PROJECT_ID });

  beforeAll(async () => {
    const emulatorHost = useAuthEmulator();
    postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
    database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory' });
    app = await buildApp({ db: database.db, identity, runtimeConfig: testRuntimeConfig(emulatorHost), rateLimit: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await identity.close();
    await postgres?.drop();
  });

  const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 200 with the number of migrations while the database answers and has them all, without a token', async () => {
    const response = await ready();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', migrations: bundled.length });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 NOT_READY naming the migration the database lacks', async () => {
    const last = bundled[bundled.length - 1];
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'NOT_READY',
      message: `The database lacks 1 migration(s): ${last.tag}.`,
      requestId: response.headers['x-request-id'],
    });
    // Liveness does not look at the database.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last.when})`);
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 NOT_READY once the database stops answering, while liveness stays 200', async () => {
    if (postgres) await postgres.drop();
    else await database.close();
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'NOT_READY',
      message: 'The database does not answer, or has never been migrated.',
      requestId: response.headers['x-request-id'],
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
