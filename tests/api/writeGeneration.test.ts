import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { isReadOnlyStatement, watchWrites } from '../../server/db/writeGeneration';

// What counts as a write for the reuse of answers (db/writeGeneration.ts).
describe('isReadOnlyStatement', () => {
  it.each([
    'select 1',
    '  SELECT "id", "deleted_at", "updated_at" from "users" where "uid" = $1 limit $2',
    'with page as (select id from sessions order by start_time desc limit 50) select * from page',
  ])('reads: %s', (text) => expect(isReadOnlyStatement(text)).toBe(true));

  it.each([
    'insert into "sessions" ("id") values ($1)',
    'update "users" set "last_login" = $1 where "id" = $2',
    'delete from "sessions" where "id" = $1',
    'with gone as (delete from sessions where id = $1 returning id) select count(*) from gone',
    'select * from users where id = $1 for update',
    'select * from append_session_events($1::jsonb)',
    'analyze',
    'create table t (id int)',
    'begin',
    'truncate sessions',
  ])('writes: %s', (text) => expect(isReadOnlyStatement(text)).toBe(false));
});

describe('watchWrites', () => {
  let opened: PGlite;
  let watched: ReturnType<typeof watchWrites>;
  beforeAll(async () => {
    opened = await PGlite.create();
    watched = watchWrites(opened);
    await watched.client.exec('create table notes (id int primary key, text text)');
  });
  afterAll(async () => opened?.close());

  it('leaves the generation alone for reads', async () => {
    const before = watched.writes.current;
    await watched.client.query('select count(*) from notes');
    await watched.client.query('select $1::int as n', [1]);
    expect(watched.writes.current).toBe(before);
  });

  it('changes it when a write is sent and again when it is done, failed or not', async () => {
    let before = watched.writes.current;
    const pending = watched.client.query('insert into notes values (1, $1)', ['a']);
    expect(watched.writes.current).toBe(before + 1);
    await pending;
    expect(watched.writes.current).toBe(before + 2);

    before = watched.writes.current;
    await expect(watched.client.query('insert into notes values (1, $1)', ['duplicate'])).rejects.toThrow();
    expect(watched.writes.current).toBe(before + 2);
  });

  it('counts a transaction as one write, whatever it runs', async () => {
    const before = watched.writes.current;
    let during = -1;
    await watched.client.transaction(async (tx) => {
      during = watched.writes.current;
      await tx.query('update notes set text = $1 where id = 1', ['b']);
      await tx.query('select * from notes');
    });
    expect(during).toBe(before + 1);
    expect(watched.writes.current).toBe(before + 2);
    expect((await watched.client.query<{ text: string }>('select text from notes where id = 1')).rows[0].text).toBe('b');
  });

  it('passes everything else through to the instance', async () => {
    expect(watched.client.closed).toBe(false);
    expect(watched.client instanceof PGlite).toBe(true);
  });
});

describe('the PGlite the server opens', () => {
  it('watches its writes and keeps a 32 MB buffer cache', async () => {
    const database = await openDatabase({ dataDir: 'memory', statistics: false });
    try {
      const shown = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
      expect(shown.rows[0]).toEqual({ shared_buffers: '32MB' });
      const before = database.writes!.current;
      await database.db.execute(sql`select 1`);
      expect(database.writes!.current).toBe(before);
      await database.db.execute(sql`analyze`);
      expect(database.writes!.current).toBe(before + 2);
    } finally {
      await database.close();
    }
  });
});
