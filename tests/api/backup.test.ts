import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { lockFolderOf } from '../../server/db/dataDirLock';
import { openDatabase } from '../../server/db/client';
import { seedSessions } from '../../server/seed/sessions';
import { BACKUP_ENDPOINT_FILE, BACKUP_PATH, readBackupEndpoint } from '../../server/services/backup';
import { createPostgresDatabase, startServerProcess, waitUntilReady, type DbKind, type ServerProcess } from '../support/apiApp';
import { sessionBody, transcript } from '../support/assistant';
import { bearer, makeAdmin, signUp, TEST_PROJECT_ID, uniqueEmail, useAuthEmulator } from '../support/identity';

/*
 * `npm run backup` / `npm run restore` on PGlite, pg_dump / pg_restore on PostgreSQL (docs/operations.md:
 * Backups): a backup taken while the server runs and writes comes back, through a server
 * started on the restored copy, with the same dictionary, users, settings, sessions and audit
 * log, holding every write committed before it and none half done.
 */

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run <script> -- ...args`: its exit code and what it printed. */
const npmRun = async (script: string, args: string[], env: Record<string, string> = {}) => {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_ROOT: '', DATA_DIR: '', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

const postgresBinary = (name: string) => {
  const onPath = spawnSync('which', [name], { encoding: 'utf8' }).stdout.trim();
  return onPath || `/usr/lib/postgresql/15/bin/${name}`;
};

/** Every file under a folder with its bytes: what "left untouched" is compared on. */
const contentsOf = (dir: string): Record<string, string> => {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length)] = entry.isFile() ? readFileSync(path).toString('base64') : `dir ${statSync(path).mode}`;
  }
  return files;
};

interface Where {
  kind: DbKind;
  env: Record<string, string>;
}

const serverEnv = (where: Where) => ({
  ...where.env,
  FIREBASE_AUTH_EMULATOR_HOST: useAuthEmulator(),
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  EMBEDDINGS_PROVIDER: 'hashed',
  RATE_LIMIT_PER_MINUTE: '0',
});

/** A database with an admin and 20 seeded calls, opened here before any server holds it. */
const prepare = async (where: Where, admin: { uid: string; email: string }) => {
  const database = await openDatabase(where.kind === 'pglite' ? { dataDir: where.env.DATA_DIR } : { databaseUrl: where.env.DATABASE_URL });
  try {
    await makeAdmin(database.db, admin, 'Backup Admin');
    await seedSessions({ db: database.db, count: 20, seed: 7 });
  } finally {
    await database.close();
  }
};

const client = (server: ServerProcess, headers: Record<string, string>) => {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
  return call;
};

/** Writes through the API what a backup must keep: a dictionary item, a user, settings, a key and a call. */
const writeThroughApi = async (call: ReturnType<typeof client>, server: ServerProcess) => {
  await call('POST', '/dictionary/objections', {
    question: 'Is the backup complete?',
    answer: 'Every table of it.',
    category: 'Original',
    isOriginal: true,
    parentId: null,
  });
  await call('POST', '/admin/users', { email: uniqueEmail('kept'), password: 'Kept-pass-1', name: 'Kept User', role: 'user' });
  await call('PUT', '/speech-rate', { enabled: true, time_window: 45, max_words: 170 });
  const key = (await call('POST', '/admin/api-keys', { name: 'backup test', scopes: ['config:read', 'sessions:write'] })) as {
    data: { key: string };
  };
  const assistant = client(server, bearer(key.data.key));
  const body = sessionBody({ sessionName: 'Call kept by the backup' });
  await assistant('POST', '/assistant/sessions', body);
  await assistant('POST', `/assistant/sessions/${body.sessionId}/events`, {
    events: [transcript(1, 5, 'customer', 'How do you keep my data?'), transcript(2, 9, 'salesperson', 'In nightly backups.')],
  });
  return body.sessionId;
};

/** What an admin reads: the fields the background jobs never change (embedding states, groupings). */
const readThroughApi = async (call: ReturnType<typeof client>, sessionId: string) => {
  const objections = (await call('GET', '/dictionary/objections/grouped?limit=100')) as {
    objections: { _id: string; question: string; answer: string }[];
    pagination: { total: number };
  };
  const users = (await call('GET', '/admin/users?limit=100')) as { data: { users: { uid: string; email: string; role: string }[] } };
  const sessions = (await call('GET', '/admin/sessions?limit=100')) as { data: unknown[]; pagination: { total: number } };
  const detail = (await call('GET', `/admin/sessions/${sessionId}`)) as { data: { transcripts: unknown[] } };
  const audit = (await call('GET', '/admin/audit?range=[0,99]&sort=["id","ASC"]')) as { id: number; action: string; targetId: string }[];
  return {
    objections: objections.objections.map(({ _id, question, answer }) => ({ id: _id, question, answer })),
    objectionTotal: objections.pagination.total,
    users: users.data.users.map(({ uid, email, role }) => ({ uid, email, role })),
    speechRate: await call('GET', '/speech-rate'),
    sessions: sessions.data,
    sessionTotal: sessions.pagination.total,
    transcripts: detail.data.transcripts,
    audit: audit.map(({ id, action, targetId }) => ({ id, action, targetId })),
  };
};

/**
 * Creates objections one after another until stopped, each with its audit row in the same
 * transaction: a copy taken between transactions has, for every item, its audit row.
 */
const keepWriting = (call: ReturnType<typeof client>) => {
  let stop = false;
  let written = 0;
  const loop = (async () => {
    // Paced and capped so that everything fits one page of the lists read back.
    while (!stop && written < 80) {
      if (written > 0) await new Promise((resolveDelay) => setTimeout(resolveDelay, 150));
      written += 1;
      await call('POST', '/dictionary/objections', {
        question: `Written during the backup ${written}?`,
        answer: 'Kept whole or not at all.',
        category: 'Original',
        isOriginal: true,
        parentId: null,
      });
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return written;
  };
};

const folder = mkdtempSync(join(tmpdir(), 'salescoach-backup-'));
const servers: ServerProcess[] = [];
const dropDatabases: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(dropDatabases.map((drop) => drop()));
  rmSync(folder, { recursive: true, force: true });
});

const startServer = async (env: Record<string, string>) => {
  const server = await startServerProcess(env);
  servers.push(server);
  await waitUntilReady(server);
  return server;
};

/** Backs up with the given commands while a server runs and writes, restores, and reads the copy through a second server. */
const roundTrip = async (
  where: Where,
  backup: () => Promise<void>,
  restore: () => Promise<Where>,
): Promise<{ server: ServerProcess; headers: Record<string, string> }> => {
  const admin = await signUp();
  await prepare(where, admin);
  const headers = bearer(admin.idToken);
  const server = await startServer(serverEnv(where));
  const call = client(server, headers);
  const sessionId = await writeThroughApi(call, server);
  const before = await readThroughApi(call, sessionId);

  const stopWriting = keepWriting(call);
  await backup();
  const written = await stopWriting();
  expect(written).toBeGreaterThan(0);
  await call('POST', '/dictionary/objections', {
    question: 'Written after the backup?',
    answer: 'Not in it.',
    category: 'Original',
    isOriginal: true,
    parentId: null,
  });

  const restored = await startServer(serverEnv(await restore()));
  const readBack = client(restored, headers);
  const after = await readThroughApi(readBack, sessionId);
  const writtenDuring = ({ question }: { question: string }) => question.startsWith('Written during the backup');
  expect(after.objections.filter((item) => !writtenDuring(item))).toEqual(before.objections);
  expect(after.users).toEqual(before.users);
  expect(after.speechRate).toEqual(before.speechRate);
  expect(after.sessions).toEqual(before.sessions);
  expect(after.sessionTotal).toBe(21);
  expect(after.transcripts).toEqual(before.transcripts);
  expect(after.transcripts).toHaveLength(2);
  expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
  // The items written while the copy was taken: each with its audit row, or neither.
  const kept = after.objections.filter(writtenDuring);
  expect(kept.length).toBeLessThanOrEqual(written);
  const auditedDuring = after.audit.slice(before.audit.length).filter(({ action }) => action === 'objection.create');
  expect(auditedDuring.map(({ targetId }) => targetId).sort()).toEqual(kept.map(({ id }) => id).sort());
  expect(after.objections.some(({ question }) => question === 'Written after the backup?')).toBe(false);
  return { server, headers };
};

describe('backups', { timeout: 600_000 }, () => {
  it('PGlite: npm run backup while the server runs and writes; npm run restore into a new directory opens with the same data', async () => {
    const dataDir = join(folder, 'live', 'db');
    const file = join(folder, 'live.tar.gz');
    const restoredDir = join(folder, 'restored', 'db');
    let backupOutput = '';
    const { server } = await roundTrip(
      { kind: 'pglite', env: { DATA_DIR: dataDir } },
      async () => {
        // As `npm start` names it: DATA_ROOT, whose db folder the server holds.
        const result = await npmRun('backup', [file], { DATA_ROOT: join(folder, 'live') });
        backupOutput = result.output;
        expect(result, result.output).toMatchObject({ code: 0 });
      },
      async () => {
        const result = await npmRun('restore', [file, restoredDir]);
        expect(result, result.output).toMatchObject({ code: 0 });
        expect(result.output).toContain('the migrations are applied');
        return { kind: 'pglite', env: { DATA_DIR: restoredDir } };
      },
    );
    expect(backupOutput).toMatch(/written to .*live\.tar\.gz: [\d.]+ (KiB|MiB) in [\d.]+ s, taken by the running server \(pid \d+\)/);
    // Written whole under a temporary name, then renamed: nothing else is left beside it.
    expect(readdirSync(folder).filter((name) => name.includes('live.tar.gz'))).toEqual(['live.tar.gz']);
    // It holds every call transcript: for its owner alone. The server's staged copy is gone.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(lockFolderOf(dataDir)).sort()).toEqual([BACKUP_ENDPOINT_FILE, 'owner']);

    // The server's endpoint: its record is for the data directory's owner alone; a wrong token gets nothing.
    const recordPath = join(lockFolderOf(dataDir), BACKUP_ENDPOINT_FILE);
    expect(statSync(recordPath).mode & 0o777).toBe(0o600);
    const endpoint = readBackupEndpoint(dataDir)!;
    const wrong = await fetch(`http://127.0.0.1:${endpoint.port}${BACKUP_PATH}`, { headers: { authorization: 'Bearer guessed' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(`http://127.0.0.1:${endpoint.port}${BACKUP_PATH}`)).status).toBe(401);
    const authorized = { authorization: `Bearer ${endpoint.token}` };
    expect((await fetch(`http://127.0.0.1:${endpoint.port}/other`, { headers: authorized })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${endpoint.port}${BACKUP_PATH}`, { method: 'POST', headers: authorized })).status).toBe(404);
    // Bound to the loopback address alone: the listening sockets of its port in Linux's tables.
    const portHex = endpoint.port.toString(16).toUpperCase().padStart(4, '0');
    const listeners = (table: string) =>
      (existsSync(table) ? readFileSync(table, 'utf8') : '')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${portHex}`))
        .map((fields) => fields[1]);
    expect(listeners('/proc/net/tcp')).toEqual([`0100007F:${portHex}`]);
    expect(listeners('/proc/net/tcp6')).toEqual([]);

    // Without a running server the script opens the directory itself.
    expect(await server.stop()).toBe(0);
    const offline = join(folder, 'offline.tar.gz');
    const result = await npmRun('backup', [offline], { DATA_DIR: dataDir });
    expect(result, result.output).toMatchObject({ code: 0 });
    expect(result.output).toContain('taken by the data directory (no server running on it)');
    const offlineDir = join(folder, 'offline-restored');
    expect((await npmRun('restore', [offline, offlineDir])).code).toBe(0);
    const database = await openDatabase({ dataDir: offlineDir });
    try {
      const { rows } = (await database.db.execute(
        "select count(*)::int as n from dictionary_items where question = 'Written after the backup?'",
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0].n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('PostgreSQL: pg_dump while the server runs and writes; pg_restore into a new database serves the same data', async () => {
    const source = await createPostgresDatabase();
    dropDatabases.push(source.drop);
    const target = await createPostgresDatabase();
    dropDatabases.push(target.drop);
    const file = join(folder, 'postgres.dump');
    await roundTrip(
      { kind: 'postgres', env: { DATABASE_URL: source.url, DATA_DIR: '' } },
      async () => {
        // The commands of docs/operations.md (Backups), as written there.
        await run(postgresBinary('pg_dump'), ['--format=custom', `--file=${file}`, source.url]);
      },
      async () => {
        await run(postgresBinary('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target.url}`, file]);
        return { kind: 'postgres', env: { DATABASE_URL: target.url, DATA_DIR: '' } };
      },
    );
    // npm run restore tells a pg_dump file apart and points to pg_restore.
    const refused = await npmRun('restore', [file, join(folder, 'not-restored')]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is a PostgreSQL dump (pg_dump's custom format)");
    expect(refused.output).toContain('pg_restore');
    expect(existsSync(join(folder, 'not-restored'))).toBe(false);
    // npm run backup on PostgreSQL names pg_dump instead.
    const backup = await npmRun('backup', [join(folder, 'never.tar.gz')], { DATABASE_URL: inject('postgresUrl') });
    expect(backup.code).toBe(1);
    expect(backup.output).toContain('pg_dump --format=custom');
  });

  it('npm run restore refuses a directory that is not empty and leaves every byte of it as it was', async () => {
    const dataDir = join(folder, 'busy');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dataDir, 'base', 'notes.txt'), 'somebody else’s files');
    const before = contentsOf(dataDir);
    // The directory is looked at first: refused whatever the file holds.
    const result = await npmRun('restore', [join(folder, 'missing.tar.gz'), dataDir]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not empty: restore into a new or empty directory. Nothing in it was changed.');
    expect(contentsOf(dataDir)).toEqual(before);
    expect(existsSync(lockFolderOf(dataDir))).toBe(false);
  });

  it('npm run restore refuses a file that is not a backup, with what it is, and creates nothing', async () => {
    const text = join(folder, 'notes.txt');
    writeFileSync(text, 'not an archive at all');
    const otherFolder = join(folder, 'other');
    mkdirSync(otherFolder);
    writeFileSync(join(otherFolder, 'readme.md'), '# some project');
    const otherArchive = join(folder, 'other.tar.gz');
    await run('tar', ['-czf', otherArchive, '-C', otherFolder, '.']);
    writeFileSync(join(otherFolder, 'noise.bin'), randomBytes(300_000));
    const whole = join(folder, 'whole.tar.gz');
    await run('tar', ['-czf', whole, '-C', otherFolder, '.']);
    const truncated = join(folder, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(whole).subarray(0, 200_000));

    const cases: [string, string][] = [
      [text, 'carries no backup manifest (it is only 21 bytes long), so nothing proves what it holds'],
      [truncated, 'carries no backup manifest (it is a bare .tar.gz archive)'],
      [otherArchive, 'carries no backup manifest (it is a bare .tar.gz archive)'],
      [join(folder, 'missing.tar.gz'), 'no such file'],
    ];
    for (const [file, message] of cases) {
      const target = join(folder, `never-${cases.findIndex(([name]) => name === file)}`);
      const result = await npmRun('restore', [file, target]);
      expect(result.code, file).toBe(1);
      expect(result.output, file).toContain(message);
      expect(existsSync(target), file).toBe(false);
    }
  });
});
