import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type OpenDatabaseOptions } from '../../server/db/client';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { seedSessions } from '../../server/seed/sessions';
import { ensureServerBuilt, SERVER_BUNDLE } from '../buildServer';
import { formatBytes } from '../dataDirBackup';
import { freePort } from '../freePort';
import { startPostgres, type ThrowawayPostgres } from '../postgres';
import { mib, rssOf } from './support';

/**
 * `npm run bench:backup`: backup and restore at BENCH_SESSIONS (default 10 000) sessions, with
 * transcripts and analyses for BENCH_DETAIL of them (default all), seeded as `npm run bench`
 * seeds them (seedSessions, every finished call in the insights).
 * - PGlite: `npm run backup` while the server runs on the directory (the server takes the copy),
 *   then `npm run restore` into a new directory (which applies the migrations).
 * - PostgreSQL 15 (a throwaway cluster): pg_dump --format=custom, then pg_restore into a new
 *   database, the commands of docs/operations.md.
 * Each figure is the command's wall time, its start included. Prints; asserts nothing.
 */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const DETAIL = Math.min(SESSIONS, Number(process.env.BENCH_DETAIL ?? SESSIONS));
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'salescoach-bench-backup-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const postgresBinary = (name: string) =>
  spawnSync('which', [name], { encoding: 'utf8' }).stdout.trim() || `/usr/lib/postgresql/15/bin/${name}`;

const folderBytes = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0);

const seed = async (target: OpenDatabaseOptions, label: string) => {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    await seedDictionary({ db: database.db });
    await seedSessions({
      db: database.db,
      count: SESSIONS,
      seed: 4242,
      withDetail: DETAIL,
      insightsForAll: true,
      log: (line) => console.log(`  ${line}`),
    });
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  console.log(`${label}: seeded ${SESSIONS} sessions (${DETAIL} with transcripts and analyses) in ${seconds(Date.now() - started)}`);
};

const timed = async (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const started = performance.now();
  const { stdout } = await run(command, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 1 << 24 });
  return { ms: performance.now() - started, stdout: stdout.trim() };
};

/** The bundled server on the data directory, until it answers /api/health. */
const startServer = async (dataDir: string) => {
  await ensureServerBuilt({ log: () => {} });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'false',
      EMBEDDINGS_PROVIDER: 'hashed',
      STATIC_DIR: join(folder, 'no-portal'),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, url };
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become healthy within 3 minutes');
};

const benchPglite = async () => {
  const dataDir = join(folder, 'pglite', 'db');
  await seed({ dataDir }, 'PGlite');
  const { child: server, url } = await startServer(dataDir);
  const stopped = new Promise((done) => server.once('exit', done));
  try {
    const file = join(folder, 'pglite.tar');
    // The server's peak resident memory while it copies and sends the folder.
    const idleRss = rssOf(server.pid!) ?? 0;
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!) ?? 0)), 200);
    // Statements wait while the folder is copied. Readiness reads the database and gives up after
    // its timeout (503), so the wait is the span from the first check that failed to the
    // answer of the first that passed after it.
    let backingUp = true;
    let slowestRead = 0;
    let unready = 0;
    let failingSince: number | null = null;
    let waited = 0;
    const reads = (async () => {
      while (backingUp) {
        const started = performance.now();
        const response = await fetch(`${url}/api/health/ready`).catch(() => null);
        const answered = performance.now();
        slowestRead = Math.max(slowestRead, answered - started);
        if (!response?.ok) {
          unready += 1;
          failingSince ??= started;
        } else if (failingSince !== null) {
          waited = Math.max(waited, answered - failingSince);
          failingSince = null;
        }
        await response?.arrayBuffer();
        await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
      }
    })();
    const backup = await timed('npx', ['tsx', 'scripts/backup.ts', file], { DATA_DIR: dataDir }).finally(() => {
      clearInterval(sampler);
      backingUp = false;
    });
    await reads;
    console.log(`  ${backup.stdout}`);
    console.log(
      unready > 0
        ? `  during the backup, database requests waited about ${seconds(waited)} (GET /api/health/ready answered 503 ${unready} times)`
        : `  during the backup, GET /api/health/ready answered within ${seconds(slowestRead)} at most`,
    );
    const restoredDir = join(folder, 'pglite-restored');
    const restore = await timed('npx', ['tsx', 'scripts/restore.ts', file, restoredDir]);
    console.log(`  ${restore.stdout}`);
    // A copy with one byte flipped in the middle: the restore reads the whole file, then refuses it.
    const damaged = join(folder, 'pglite-damaged.tar');
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 1;
    writeFileSync(damaged, bytes);
    const refusing = performance.now();
    const refused = await timed('npx', ['tsx', 'scripts/restore.ts', damaged, join(folder, 'never-restored')]).then(
      () => null,
      (error: { stderr?: string }) => error.stderr?.trim() ?? '',
    );
    const refusedMs = performance.now() - refusing;
    console.log(
      refused === null
        ? '  a backup with one byte flipped was RESTORED (it must be refused)'
        : `  a backup with one byte flipped refused in ${seconds(refusedMs)}: ${refused.slice(0, 120)}...`,
    );
    console.log(
      `PGlite, ${SESSIONS} sessions: data directory ${formatBytes(folderBytes(dataDir))}; backup (server running) ${seconds(backup.ms)}, ` +
        `file ${formatBytes(statSync(file).size)}; restore ${seconds(restore.ms)}; server memory ${mib(idleRss)} before the backup, ${mib(peakRss)} at most during it`,
    );
  } finally {
    server.kill('SIGTERM');
    await stopped;
  }
};

const benchPostgres = async (postgres: ThrowawayPostgres) => {
  const url = (name: string) => Object.assign(new URL(postgres.url), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query('create database bench_source');
    await admin.query('create database bench_restored');
  } finally {
    await admin.end();
  }
  await seed({ databaseUrl: url('bench_source') }, 'PostgreSQL');
  const file = join(folder, 'postgres.dump');
  const dump = await timed(postgresBinary('pg_dump'), ['--format=custom', `--file=${file}`, url('bench_source')]);
  const restore = await timed(postgresBinary('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${url('bench_restored')}`, file]);
  const sizes = new pg.Client({ connectionString: postgres.url });
  await sizes.connect();
  const { rows } = await sizes.query<{ bytes: string }>("select pg_database_size('bench_source')::text as bytes");
  await sizes.end();
  console.log(
    `PostgreSQL, ${SESSIONS} sessions: database ${formatBytes(Number(rows[0].bytes))}; pg_dump ${seconds(dump.ms)}, ` +
      `file ${formatBytes(statSync(file).size)}; pg_restore ${seconds(restore.ms)}`,
  );
};

let postgres: ThrowawayPostgres | null = null;
const cleanUp = async () => {
  await postgres?.stop().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} (other work on the machine skews every figure)`,
);
try {
  await benchPglite();
  postgres = await startPostgres();
  await benchPostgres(postgres);
} finally {
  await cleanUp();
}
