import { execFile } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { DATA_OFFSET, type ManifestFields, sealManifest } from '../../scripts/backupManifest';
import { restoreDataDir } from '../../scripts/dataDirBackup';
import { openDatabase } from '../../server/db/client';
import { startServerProcess, waitUntilReady } from '../support/apiApp';
import { TEST_PROJECT_ID, useAuthEmulator } from '../support/identity';

/*
 * docs/operations.md "What proves a backup": npm run backup writes a manifest with the data's SHA-256; npm run
 * restore checks the whole file against it before it changes anything, and refuses a damaged or tampered file with
 * a worded error, leaving the target folder and the file as they were.
 */

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

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

/** Every folder not 0700 and file not 0600 under `path`. */
const notOwnerOnly = (path: string): string[] => {
  const stat = lstatSync(path);
  const mode = stat.mode & 0o777;
  const own = mode === (stat.isDirectory() ? 0o700 : 0o600) ? [] : [`${path} ${mode.toString(8)}`];
  return [...own, ...(stat.isDirectory() ? readdirSync(path).flatMap((name) => notOwnerOnly(join(path, name))) : [])];
};

const folder = mkdtempSync(join(tmpdir(), 'salescoach-backup-integrity-'));
const dataDir = join(folder, 'db');
const backup = join(folder, 'portal.backup.tar');
let original: Buffer;

beforeAll(async () => {
  const database = await openDatabase({ dataDir, statistics: false });
  try {
    await database.db.execute(sql`insert into audit_log (actor_uid, action, target_type) values ('integrity', 'kept.by.backup', 'test')`);
  } finally {
    await database.close();
  }
  const result = await npmRun('backup', [backup], { DATA_DIR: dataDir });
  expect(result, result.output).toMatchObject({ code: 0 });
  expect(result.output).toMatch(/its manifest holds the data's SHA-256 [0-9a-f]{64}/);
  original = readFileSync(backup);
}, 180_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const manifestOf = (bytes: Buffer) => JSON.parse(bytes.subarray(512, 1536).toString('utf8')) as ManifestFields & { checksum: string };

/** The file with its manifest replaced by `fields`, sealed again as npm run backup would: a forger's best effort. */
const resealed = (fields: ManifestFields) => Buffer.concat([sealManifest(fields).prefix, original.subarray(DATA_OFFSET)]);

describe('a backup proves itself', { timeout: 600_000 }, () => {
  it('a fresh backup restores, checked, with owner-only modes, and a server started on it answers', async () => {
    const manifest = manifestOf(original);
    expect(manifest).toMatchObject({
      format: 'salescoach-pglite-backup',
      formatVersion: 1,
      database: 'pglite',
      postgresVersion: expect.any(String),
    });
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect(manifest.data.bytes).toBe(
      original.length - DATA_OFFSET - (Math.ceil(manifest.data.bytes / 512) * 512 - manifest.data.bytes) - 1024,
    );
    expect(statSync(backup).mode & 0o777).toBe(0o600);

    const restored = join(folder, 'restored');
    const result = await npmRun('restore', [backup, restored]);
    expect(result, result.output).toMatchObject({ code: 0 });
    expect(result.output).toContain(`(taken ${manifest.createdAt}, its SHA-256 checked)`);
    expect(notOwnerOnly(restored)).toEqual([]);

    const server = await startServerProcess({
      DATA_DIR: restored,
      FIREBASE_AUTH_EMULATOR_HOST: useAuthEmulator(),
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      EMBEDDINGS_PROVIDER: 'hashed',
    });
    try {
      await waitUntilReady(server);
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(notOwnerOnly(restored)).toEqual([]);
    const database = await openDatabase({ dataDir: restored, statistics: false });
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'kept.by.backup'`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0].n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('refuses every one-byte change, a cut or extended file, and a missing, edited or forged manifest, touching nothing', async () => {
    const manifest = manifestOf(original);
    const flipped = (offset: number) => {
      const bytes = Buffer.from(original);
      bytes[offset] ^= 0x01;
      return bytes;
    };
    const dataEnd = DATA_OFFSET + manifest.data.bytes;
    const damaged = /is damaged|cannot be trusted/;
    const cases: [string, Buffer, RegExp | string][] = [
      ['byte 0 (the manifest header)', flipped(0), 'is damaged in its first 512 bytes'],
      ['byte 124 (the manifest header size)', flipped(124), damaged],
      ['byte 600 (the manifest)', flipped(600), damaged],
      ['byte 1500 (the manifest padding)', flipped(1500), damaged],
      ['byte 1700 (the data header)', flipped(1700), 'is damaged at byte 1700'],
      ['the first byte of the data', flipped(DATA_OFFSET), "its data's SHA-256 is"],
      ['a byte in the middle of the data', flipped(DATA_OFFSET + Math.floor(manifest.data.bytes / 2)), "its data's SHA-256 is"],
      ['the last byte of the data', flipped(dataEnd - 1), "its data's SHA-256 is"],
      ['the last byte of the file', flipped(original.length - 1), "(the archive's padding)"],
      ['cut in half', original.subarray(0, Math.floor(original.length / 2)), 'the file was cut off'],
      ['its last byte cut', original.subarray(0, original.length - 1), 'the file was cut off'],
      ['a byte added', Buffer.concat([original, Buffer.from([0])]), 'the file was extended'],
      [
        'its manifest removed (the bare data)',
        original.subarray(DATA_OFFSET, dataEnd),
        'carries no backup manifest (it is a bare .tar.gz archive)',
      ],
      ['a text file', Buffer.from('not a backup at all\n'), 'carries no backup manifest'],
      [
        'its manifest edited: another date, the checksum left',
        Buffer.concat([
          original.subarray(0, 512),
          Buffer.from(original.subarray(512, 1536).toString('utf8').replace(manifest.createdAt, '2020-01-01T00:00:00.000Z')),
          original.subarray(1536),
        ]),
        'its checksum does not match its fields',
      ],
      [
        'its manifest forged for other data',
        resealed({ ...manifest, data: { ...manifest.data, sha256: '0'.repeat(64) } }),
        "its data's SHA-256 is",
      ],
      ['a manifest of another kind', resealed({ ...manifest, database: 'postgres' as 'pglite' }), 'is a backup of a postgres database'],
      ['a newer format', resealed({ ...manifest, formatVersion: 2 }), 'of format version 2, which this release (format 1) does not read'],
    ];
    const target = join(folder, 'target');
    mkdirSync(target);
    const before = readFileSync(backup);
    for (const [name, bytes, message] of cases) {
      const file = join(folder, 'tampered.tar');
      writeFileSync(file, bytes);
      await expect(restoreDataDir(file, target), name).rejects.toThrow(message);
      expect(readdirSync(target), name).toEqual([]);
      expect(readFileSync(file).equals(bytes), name).toBe(true);
    }
    expect(readdirSync(folder)).not.toContain('target.lock');
    expect(readFileSync(backup).equals(before)).toBe(true);

    // The command says it in words and exits 1, creating nothing.
    const file = join(folder, 'flipped.tar');
    writeFileSync(file, cases[6][1]);
    const refused = await npmRun('restore', [file, join(folder, 'never')]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is damaged: its data');
    expect(refused.output).toContain('Restore another backup, or copy this one again from where it is kept.');
    expect(readdirSync(folder)).not.toContain('never');
  });
});
