import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { compactionsSettled } from '../../server/db/compaction';
import { tarOfDataDir } from '../../server/db/dataDirArchive';
import { eraseExpiredSessions } from '../../server/services/retention';
import { DETECTION_CATEGORIES } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey, sessionBody } from '../support/assistant';

/**
 * Erasing a call (one, a rep's, or by the retention) leaves none of its words in the database:
 * no row of any table holds them (the insights keep counts and dictionary names), and no file of
 * the database nor a backup taken afterwards does. Each search first finds the words before the
 * erasure, so finding nothing afterwards means they are gone.
 */

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
  );

/** The needles found in `haystacks`, as written and in lower case (the insights' keys are lower case). */
const found = (haystacks: Iterable<Buffer>, needles: readonly string[]): string[] => {
  const hits = new Set<string>();
  for (const haystack of haystacks)
    for (const needle of needles)
      if (haystack.includes(Buffer.from(needle)) || haystack.includes(Buffer.from(needle.toLowerCase()))) hits.add(needle);
  return [...hits].sort();
};

function* fileContents(dir: string) {
  for (const file of files(dir)) yield readFileSync(file);
}

describe.each(DB_KINDS)('erased calls leave no words behind (%s)', { timeout: 240_000 }, (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;
  let dataDir: string | null = null;
  /** PostgreSQL: the database's own folder in the cluster (root reads the postgres user's files). */
  let databaseDir: string | null = null;

  beforeAll(async () => {
    if (kind === 'pglite') dataDir = mkdtempSync(join(tmpdir(), 'erasure-files-'));
    t = await testApp(kind, {}, dataDir ? { dataDir } : {});
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['sessions:write'])).headers;
    if (kind === 'postgres') {
      const [{ dir }] = await rowsOf<{ dir: string }>(
        sql`select current_setting('data_directory') || '/base/' || oid as dir from pg_database where datname = current_database()`,
      );
      databaseDir = dir;
    }
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** A finished call whose every text carries `marker`: none of them is a dictionary item's. */
  const call = async (rep: string, startTime: string) => {
    const marker = `Zq${randomBytes(5).toString('hex')}`;
    const words = {
      transcript: `My card is 4111 ${marker} 1111`,
      mood: `Sentiment words ${marker}`,
      ghost: `Ghost question ${marker}`,
      ghostAnswer: `Ghost answer ${marker}`,
      unheard: `Unheard question ${marker}`,
      inquiry: `New inquiry ${marker}`,
      trigger: `Unheard trigger ${marker}`,
    };
    const body = sessionBody({ userEmail: rep, startTime, sessionName: `Call ${marker}` });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const at = (seconds: number) => new Date(Date.parse(startTime) + seconds * 1000).toISOString();
    const mood = (seq: number, seconds: number, emotion: string) => ({
      seq,
      type: 'sentiment',
      timestamp: at(seconds),
      speaker: 'customer',
      dominant_emotion: emotion,
      confidence: 0.9,
      transcript: words.mood,
    });
    const events = [
      { seq: 1, type: 'transcript', timestamp: at(1), speaker: 'customer', text: words.transcript },
      mood(2, 2, 'angry'),
      {
        seq: 3,
        type: 'detection',
        timestamp: at(3),
        category: 'PRICE_OBJECTION',
        relevance_score: 0.9,
        question: words.ghost,
        answer: words.ghostAnswer,
        itemId: `ghost-${marker}`,
      },
      mood(4, 4, 'happy'),
      { seq: 5, type: 'detection', timestamp: at(5), category: 'FAQ', relevance_score: 0.8, question: words.unheard, answer: null },
      {
        seq: 6,
        type: 'detection',
        timestamp: at(6),
        category: DETECTION_CATEGORIES.newInquiry,
        relevance_score: 0.2,
        question: words.inquiry,
      },
      { seq: 7, type: 'landmine', timestamp: at(7), trigger: words.trigger, speaker: 'salesperson' },
    ];
    const sent = await post(`/sessions/${body.sessionId}/events`, { events });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await post(`/sessions/${body.sessionId}/complete`, { endTime: at(60) })).statusCode).toBe(200);
    return { sessionId: body.sessionId, needles: [marker, ...Object.values(words)] };
  };

  /** The needles any row of any table holds. */
  const inRows = async (needles: readonly string[]) => {
    const tables = await rowsOf<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    const hits: string[] = [];
    for (const { name } of tables)
      for (const needle of needles) {
        const [row] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike ${`%${needle}%`}`,
        );
        if (row.n > 0) hits.push(`${name}: ${needle}`);
      }
    return hits;
  };

  /** The needles the database's files hold (PostgreSQL: after the VACUUM FULL and CHECKPOINT docs/security.md asks of operators). */
  const inFiles = async (needles: readonly string[]) => {
    if (kind === 'pglite') {
      await t.holdDataDir!(async () => {}); // a checkpoint: what is committed is in the files
      return found(fileContents(dataDir!), needles);
    }
    await t.db.execute(sql`vacuum full`);
    await t.db.execute(sql`checkpoint`);
    return found(fileContents(databaseDir!), needles);
  };

  /** The needles a backup taken now holds: the data folder's archive, or pg_dump's. */
  const inBackup = async (needles: readonly string[]) => {
    if (kind === 'pglite') return found([await t.holdDataDir!(() => buffer(tarOfDataDir(dataDir!)))], needles);
    const [{ name }] = await rowsOf<{ name: string }>(sql`select current_database() as name`);
    const [{ port }] = await rowsOf<{ port: string }>(sql`select current_setting('port') as port`);
    return found([execFileSync('pg_dump', ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', name], { maxBuffer: 1 << 28 })], needles);
  };

  const erasedLeaveNothing = async (erase: () => Promise<void>, erased: { needles: string[] }[], kept: { needles: string[] }) => {
    const needles = erased.flatMap((one) => one.needles);
    expect(await inFiles(needles)).toEqual([...needles].sort());
    expect(await inBackup(needles)).toEqual([...needles].sort());
    const started = performance.now();
    await erase();
    const ms = performance.now() - started;
    await compactionsSettled(t.db);
    const compactedMs = performance.now() - started - ms;
    console.info(`${kind}: erased ${erased.length} call(s) in ${Math.round(ms)} ms, files compacted ${Math.round(compactedMs)} ms later`);
    expect(await inRows(needles)).toEqual([]);
    // VACUUM FULL keeps a dead row while any open transaction of the server could still see it (PostgreSQL, with
    // the other test files at work beside this one): the files are read again until the rows are gone.
    await expect.poll(() => inFiles(needles), { timeout: 150_000, interval: 1_000 }).toEqual([]);
    expect(await inBackup(needles)).toEqual([]);
    // The call kept is still there, words and all: the searches do find what remains.
    expect(await inFiles(kept.needles)).toEqual([...kept.needles].sort());
  };

  it('erasing one call', async () => {
    const kept = await call('keeper@erasure.test', '2026-03-02T10:00:00.000Z');
    const erased = await call('one@erasure.test', '2026-03-02T11:00:00.000Z');
    await erasedLeaveNothing(
      async () => {
        const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${erased.sessionId}`, headers: admin });
        expect(response.statusCode, response.body).toBe(200);
      },
      [erased],
      kept,
    );
  });

  it("erasing a rep's calls", async () => {
    const kept = await call('keeper2@erasure.test', '2026-03-03T10:00:00.000Z');
    const erased = [await call('rep@erasure.test', '2026-03-03T11:00:00.000Z'), await call('rep@erasure.test', '2026-03-04T11:00:00.000Z')];
    await erasedLeaveNothing(
      async () => {
        const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/sessions?rep=rep%40erasure.test', headers: admin });
        expect(response.statusCode, response.body).toBe(200);
      },
      erased,
      kept,
    );
  });

  it('erasing by the retention', async () => {
    const kept = await call('keeper3@erasure.test', '2026-03-05T10:00:00.000Z');
    const erased = await call('old@erasure.test', '2025-01-05T10:00:00.000Z');
    await erasedLeaveNothing(
      async () => {
        expect(await eraseExpiredSessions(t.db, 365, Date.parse('2026-03-06T00:00:00Z'))).toBeGreaterThanOrEqual(1);
      },
      [erased],
      kept,
    );
  });
});
