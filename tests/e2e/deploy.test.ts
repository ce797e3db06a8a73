import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_BUNDLE, ENCODER_THREAD_BUNDLE, RESTORE_BUNDLE, SERVER_BUNDLE } from '../../scripts/buildServer';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { freePort } from '../../scripts/freePort';
import { startPostgres, type ThrowawayPostgres } from '../../scripts/postgres';
import { bearer, makeAdmin, signIn, signUp, TEST_PROJECT_ID } from '../support/identity';

/**
 * docs/operations.md "Deploy with Docker": the image is the Dockerfile's last stage. There is no container runtime
 * here, so this file reads the Dockerfile and does what the image does: it lays out a folder
 * with only the files that stage copies (the portal and server this run built with
 * `npm run build`), checks that the server imports nothing outside `dependencies` (all the
 * image installs), and starts the stage's CMD with its ENV on PostgreSQL, without the
 * emulator launcher, as a user who cannot write to that folder. Google cannot be reached
 * from here, so the project is a demo-* one backed by the browser tests' Auth emulator; a
 * demo project takes no ADMIN_UIDS grants, so the admin's profile is written as
 * `npm run admin:grant` writes it. The backup and restore scripts run from that folder too,
 * as `docker compose exec` runs them, against the image's server on PGlite.
 */

const root = resolve(import.meta.dirname, '../..');

interface Stage {
  name: string | null;
  instructions: { keyword: string; args: string }[];
}

/** The Dockerfile's stages, each instruction with its continuation lines joined. */
const parseDockerfile = (text: string): Stage[] => {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') stages.push({ name: args.match(/\sAS\s+(\S+)$/i)?.[1] ?? null, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
};

const dockerfile = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const image = dockerfile.at(-1) as Stage;
const argsOf = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const execForm = (args: string): string[] => JSON.parse(args) as string[];

/** The image's environment: its ENV lines (`KEY=value ...`). */
const imageEnv = (): Record<string, string> =>
  Object.fromEntries(argsOf(image, 'ENV').flatMap((args) => args.split(/\s+/).map((pair) => pair.split('=') as [string, string])));

/** Every package the bundled server imports, statically or dynamically (Node's own modules aside). */
const importedPackages = (source: string): Set<string> => {
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map((m) => m[1]),
    ...[...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1]),
    ...[...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  ];
  return new Set(
    specifiers
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
};

/**
 * Bounds that hold on a machine 4x slower than this one: they promise the product's readiness,
 * not this machine's speed. Waits end as soon as the server is ready, so they cost nothing here.
 */
const READY_WITHIN_MS = 240_000;
const STOP_WITHIN_MS = 60_000;
/** What a test spends besides waiting for readiness (requests, a backup and a restore), at 4x. */
const WORK_MS = 120_000;

const waitFor = async (check: () => Promise<boolean>, what: string, output: () => string, timeoutMs = READY_WITHIN_MS) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s. Server output:\n${output()}`);
};

// As root here, the image's processes run as an unprivileged user, as the image's USER does;
// setpriv execs the command itself, so signals reach it as `docker stop` sends them.
const asRoot = userInfo().uid === 0;
const asImageUser = (command: string[]): [string, ...string[]] =>
  [
    ...(asRoot ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] : []),
    ...(command[0] === 'node' ? [process.execPath, ...command.slice(1)] : command),
  ] as [string, ...string[]];

/** Runs a command from the image's folder as the image's user: its exit code and what it printed. */
const runInImage = (command: string[], cwd: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const [program, ...args] = asImageUser(command);
    const child = spawn(program, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });

/** Runs an exec-form command (the image's HEALTHCHECK) and resolves with its exit code. */
const run = (command: string[], env: Record<string, string>) =>
  new Promise<number | null>((done) => {
    const child = spawn(command[0] === 'node' ? process.execPath : command[0], command.slice(1), {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    child.once('exit', (code) => done(code));
  });

describe('the deployable image (Dockerfile)', () => {
  let folder: string;
  let postgres: ThrowawayPostgres;
  let server: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let env: Record<string, string>;
  let url: string;
  let admin: { uid: string; email: string };

  beforeAll(async () => {
    // The image's folder: exactly what the last stage copies from the build stage.
    folder = mkdtempSync(join(tmpdir(), 'salescoach-image-'));
    chmodSync(folder, 0o755);
    for (const args of argsOf(image, 'COPY')) {
      const [from, source, target] = args.split(/\s+/);
      expect(from).toMatch(/^--from=(build|dependencies)$/);
      if (from === '--from=dependencies') continue;
      const destination = join(folder, target);
      mkdirSync(dirname(destination), { recursive: true });
      cpSync(join(root, source.replace(/^\/app\//, '')), destination, { recursive: true });
    }
    // As COPY leaves them in the image: readable by its user, whatever umask this runner inherited
    // (the browser tests' launcher gives its process the product's owner-only umask).
    expect(spawnSync('chmod', ['-R', 'a+rX', folder]).status).toBe(0);
    symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));

    postgres = await startPostgres();
    const account = await signUp();
    admin = { uid: account.uid, email: account.email };
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      ...imageEnv(),
      PORT: String(port),
      // Loopback here (the emulator admits nothing else); the image listens on HOST=0.0.0.0.
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      ADMIN_UIDS: admin.uid,
    };
    const [program, ...args] = asImageUser(execForm(argsOf(image, 'CMD')[0]));
    server = spawn(program, args, { cwd: folder, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((done) => server.once('exit', (code) => done(code)));
  }, WORK_MS * 2);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    await postgres?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('builds with `npm run build`, installs only `dependencies` for the image, and runs as a user other than root', () => {
    const build = dockerfile.find((stage) => stage.name === 'build') as Stage;
    const dependencies = dockerfile.find((stage) => stage.name === 'dependencies') as Stage;
    expect(argsOf(build, 'RUN')).toContain('npm run build');
    expect(argsOf(dependencies, 'RUN').some((args) => /^npm ci\b.*--omit=dev/.test(args))).toBe(true);
    expect(argsOf(image, 'COPY')).toContain('--from=dependencies /app/node_modules ./node_modules');
    const user = argsOf(image, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(execForm(argsOf(image, 'CMD')[0])).toEqual(['node', `dist-server/${SERVER_BUNDLE.split('/').at(-1)}`]);
  });

  it('imports nothing at run time that `npm ci --omit=dev` leaves out, in the server, its encoder thread nor the backup scripts', () => {
    const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const read = (bundle: string) => importedPackages(readFileSync(join(folder, 'dist-server', basename(bundle)), 'utf8'));
    expect([...read(ENCODER_THREAD_BUNDLE)]).toContain('@energetic-ai/embeddings');
    for (const bundle of [SERVER_BUNDLE, ENCODER_THREAD_BUNDLE, BACKUP_BUNDLE, RESTORE_BUNDLE]) {
      const imported = read(bundle);
      expect(imported.size, bundle).toBeGreaterThan(bundle === ENCODER_THREAD_BUNDLE ? 1 : 3);
      expect(
        [...imported].filter((name) => !(name in dependencies)),
        bundle,
      ).toEqual([]);
    }
  });

  it('becomes healthy by its HEALTHCHECK (readiness) on PostgreSQL, serves the portal, and admits the configured admin', {
    timeout: READY_WITHIN_MS + WORK_MS,
  }, async () => {
    const healthcheck = argsOf(image, 'HEALTHCHECK')[0];
    const check = execForm(healthcheck.slice(healthcheck.indexOf('CMD ') + 4));
    expect(check.join(' ')).toContain('/api/health/ready');
    await waitFor(
      async () => (await run(check, { PORT: env.PORT })) === 0,
      'The HEALTHCHECK did not pass',
      () => output,
    );

    const portal = await fetch(`${url}/`);
    expect(portal.status).toBe(200);
    expect(portal.headers.get('content-type')).toContain('text/html');
    expect(await portal.text()).toContain('<div id="root">');
    const runtimeConfig = await (await fetch(`${url}/runtime-config.js`)).text();
    expect(runtimeConfig).toContain(admin.uid);

    const database = await openDatabase({ databaseUrl: postgres.url });
    try {
      await makeAdmin(database.db, admin);
    } finally {
      await database.close();
    }
    const token = await signIn(admin.email);
    const users = await fetch(`${url}/api/admin/users?perPage=50`, { headers: bearer(token) });
    expect(users.status, await users.clone().text()).toBe(200);
    expect(JSON.stringify(await users.json())).toContain(admin.email);
    const sessions = await fetch(`${url}/api/admin/sessions`, { headers: bearer(token) });
    expect(sessions.status).toBe(200);
  });

  it('backs up its PGlite folder while it runs and restores it, with the bundled scripts as `docker compose exec` runs them', {
    timeout: READY_WITHIN_MS + STOP_WITHIN_MS + WORK_MS * 2,
  }, async () => {
    // The image's volume (/app/.data), the server's user's own; the database holds the admin.
    const volume = join(folder, '.data');
    const database = await openDatabase({ dataDir: join(volume, 'db') });
    try {
      await makeAdmin(database.db, admin, 'Image Admin');
    } finally {
      await database.close();
    }
    if (asRoot) expect(spawnSync('chown', ['-R', 'nobody:nogroup', volume]).status).toBe(0);
    const port = await freePort();
    const pgliteUrl = `http://127.0.0.1:${port}`;
    // No DATABASE_URL: the image keeps PGlite in .data/db, beside its working folder.
    const pgliteEnv = { ...env, PORT: String(port), DATABASE_URL: '' };
    const [program, ...args] = asImageUser(execForm(argsOf(image, 'CMD')[0]));
    const pglite = spawn(program, args, {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', ...pgliteEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pgliteOutput = '';
    pglite.stdout.on('data', (chunk: Buffer) => (pgliteOutput += chunk.toString()));
    pglite.stderr.on('data', (chunk: Buffer) => (pgliteOutput += chunk.toString()));
    const pgliteExited = new Promise<number | null>((done) => pglite.once('exit', (code) => done(code)));
    try {
      await waitFor(
        async () => (await fetch(`${pgliteUrl}/api/health/ready`).catch(() => null))?.ok === true,
        'The server on PGlite did not become ready',
        () => pgliteOutput,
      );
      const token = await signIn(admin.email);
      const listed = await fetch(`${pgliteUrl}/api/admin/users?perPage=50`, { headers: bearer(token) });
      expect(listed.status, await listed.clone().text()).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain(admin.email);

      const backup = await runInImage(['node', 'dist-server/backup.mjs', '.data/portal.tar.gz'], folder, pgliteEnv);
      expect(backup, backup.output).toMatchObject({ code: 0 });
      expect(backup.output).toMatch(/written to \.data\/portal\.tar\.gz: .* taken by the running server \(pid \d+\)/);
    } finally {
      pglite.kill('SIGTERM');
    }
    expect(await pgliteExited, pgliteOutput).toBe(0);

    const restore = await runInImage(['node', 'dist-server/restore.mjs', '.data/portal.tar.gz', '.data/restored/db'], folder, pgliteEnv);
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toContain('the migrations are applied');
    const restored = await openDatabase({ dataDir: join(volume, 'restored/db') });
    try {
      const rows = await restored.db.select({ email: users.email, role: users.role }).from(users).where(eq(users.uid, admin.uid));
      expect(rows).toEqual([{ email: admin.email, role: 'admin' }]);
    } finally {
      await restored.close();
    }
  });

  it('stops cleanly on SIGTERM, as `docker stop` sends it', { timeout: STOP_WITHIN_MS }, async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
