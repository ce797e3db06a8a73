import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type OpenedDatabase } from '../../server/db/client';
import { createPostgresDatabase, startServerProcess, waitUntilReady, type ServerProcess } from '../support/apiApp';
import { bearer, makeAdmin, signUp, TEST_PROJECT_ID, useAuthEmulator } from '../support/identity';

/** The migrations drizzle applies: one journal entry each. */
const migrationCount = (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries
  .length;

const migrationRows = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ rows: string; hashes: string }>(
      'select count(*) as rows, count(distinct hash) as hashes from drizzle.__drizzle_migrations',
    );
    return { rows: Number(result.rows[0].rows), hashes: Number(result.rows[0].hashes) };
  } finally {
    await client.end();
  }
};

// Real server processes on a shared PostgreSQL; under load a start can take tens of seconds.
describe('several servers on one PostgreSQL', { timeout: 120_000 }, () => {
  it('migrates once and runs prepare once at a time when two open the same fresh database together', async () => {
    const postgres = await createPostgresDatabase();
    const opened: OpenedDatabase[] = [];
    try {
      const spans: { start: number; end: number }[] = [];
      const prepare = async () => {
        const start = performance.now();
        // Long enough that the two would overlap without the lock.
        await new Promise((resolveDelay) => setTimeout(resolveDelay, 300));
        spans.push({ start, end: performance.now() });
      };
      const results = await Promise.allSettled([
        openDatabase({ databaseUrl: postgres.url, prepare }),
        openDatabase({ databaseUrl: postgres.url, prepare }),
      ]);
      for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await migrationRows(postgres.url)).toEqual({ rows: migrationCount, hashes: migrationCount });
      expect(spans).toHaveLength(2);
      const [first, second] = [...spans].sort((a, b) => a.start - b.start);
      expect(second.start).toBeGreaterThanOrEqual(first.end);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await postgres.drop();
    }
  });

  it('starts two servers at the same moment: both serve, the migrations ran once, and a change through one is seen through the other', async () => {
    const emulatorHost = useAuthEmulator();
    const postgres = await createPostgresDatabase();
    const env = {
      DATABASE_URL: postgres.url,
      DATA_DIR: '',
      SEED: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    };
    const servers: ServerProcess[] = [];
    let direct: OpenedDatabase | null = null;
    try {
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      const [a, b] = servers;
      const began = performance.now();
      await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
      console.info(`two servers on one fresh PostgreSQL database healthy after ${Math.round(performance.now() - began)} ms`);
      expect(await migrationRows(postgres.url)).toEqual({ rows: migrationCount, hashes: migrationCount });

      direct = await openDatabase({ databaseUrl: postgres.url });
      const account = await signUp();
      await makeAdmin(direct.db, account);
      const headers = { ...bearer(account.idToken), 'content-type': 'application/json' };

      const putThrough = async (server: ServerProcess, settings: object) => {
        const response = await fetch(`${server.url}/api/speech-rate`, { method: 'PUT', headers, body: JSON.stringify(settings) });
        expect(response.status).toBe(200);
      };
      const getThrough = async (server: ServerProcess) => (await fetch(`${server.url}/api/speech-rate`, { headers })).json();

      const throughA = { enabled: false, time_window: 45, max_words: 210 };
      await putThrough(a, throughA);
      expect(await getThrough(b)).toEqual({ success: true, data: { ...throughA, version: 1 } });
      const throughB = { enabled: true, time_window: 75, max_words: 390 };
      await putThrough(b, throughB);
      expect(await getThrough(a)).toEqual({ success: true, data: { ...throughB, version: 2 } });

      // Both servers run an embedding worker: a new item still ends up Ready, once.
      const created = await fetch(`${a.url}/api/dictionary/faqs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question: 'Seen by both servers?', answer: 'Yes' }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { _id: string } }).data._id;
      const readyThroughB = async () => {
        const grouped = (await (await fetch(`${b.url}/api/dictionary/faqs/grouped?limit=100`, { headers })).json()) as {
          faqs: { _id: string; needsEmbedding: boolean }[];
        };
        return grouped.faqs.find((item) => item._id === id)?.needsEmbedding === false;
      };
      const deadline = Date.now() + 20_000;
      while (!(await readyThroughB()) && Date.now() < deadline) await new Promise((resolveDelay) => setTimeout(resolveDelay, 200));
      expect(await readyThroughB()).toBe(true);

      const results = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      expect(results).toEqual([0, 0]);
    } finally {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await direct?.close();
      await postgres.drop();
    }
  });
});
