import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startAuthEmulator } from '../../scripts/authEmulator';
import { backupDataDir, restoreDataDir } from '../../scripts/dataDirBackup';
import { openDatabase } from '../../server/db/client';
import { lockFolderOf } from '../../server/db/dataDirLock';

/**
 * The data folder, its lock folder, the emulator's accounts, backups and restored folders are
 * their owner's alone (folders 0700, files 0600) even under a umask of 0, which lets PGlite
 * create its files 0666.
 */

/** Every folder not 0700 and file not 0600 under `path`, with its mode. */
const notOwnerOnly = (path: string): string[] => {
  const stat = lstatSync(path);
  const mode = stat.mode & 0o777;
  const own = stat.isDirectory()
    ? [mode === 0o700 ? null : `${path} ${mode.toString(8)}`]
    : [mode === 0o600 ? null : `${path} ${mode.toString(8)}`];
  const below = stat.isDirectory() ? readdirSync(path).flatMap((name) => notOwnerOnly(join(path, name))) : [];
  return [...own.filter((line): line is string => line !== null), ...below];
};

const countFiles = (path: string): number =>
  lstatSync(path).isDirectory() ? readdirSync(path).reduce((sum, name) => sum + countFiles(join(path, name)), 0) : 1;

describe('file modes whatever the umask', () => {
  const root = mkdtempSync(join(tmpdir(), 'file-modes-'));
  const umask = process.umask();
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('the data folder after start and a checkpoint, a backup of it, and the folder restored from it', { timeout: 120_000 }, async () => {
    const dataDir = join(root, 'db');
    process.umask(0);
    const opened = await openDatabase({ dataDir, statistics: false });
    await opened.db.execute(sql`insert into audit_log (actor_uid, action, target_type) values ('modes', 'test', 'test')`);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    expect(notOwnerOnly(lockFolderOf(dataDir))).toEqual([]);
    process.umask(0);
    await opened.holdDataDir!(async () => {});
    expect(notOwnerOnly(dataDir)).toEqual([]);
    await opened.close();
    expect(countFiles(dataDir)).toBeGreaterThan(100);

    process.umask(0);
    const backup = join(root, 'backup.tar.gz');
    await backupDataDir(dataDir, backup);
    expect(notOwnerOnly(backup)).toEqual([]);

    process.umask(0);
    const restored = join(root, 'restored');
    await restoreDataDir(backup, restored);
    expect(notOwnerOnly(restored)).toEqual([]);
    expect(countFiles(restored)).toBeGreaterThan(100);
  });

  it("the emulator's accounts folder once it saved them", { timeout: 120_000 }, async () => {
    const authDir = join(root, 'auth');
    process.umask(0);
    const emulator = await startAuthEmulator({ dataDir: authDir });
    try {
      const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'modes@test.salescoach.test', password: 'Modes-pass-1', returnSecureToken: true }),
      });
      expect(response.status).toBe(200);
    } finally {
      await emulator.stop();
    }
    expect(countFiles(authDir)).toBeGreaterThan(1);
    expect(notOwnerOnly(authDir)).toEqual([]);
  });
});
