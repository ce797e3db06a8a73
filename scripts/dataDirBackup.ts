import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as tar from 'tar';
import { DataDirInUseError, lockDataDir, MIGRATIONS_FOLDER } from '../server/db/client';
import { extractDataDir, tarOfDataDir } from '../server/db/dataDirArchive';
import { lockHolderPid } from '../server/db/dataDirLock';
import { makeOwnerOnly, ownerOnlyUmask } from '../server/db/ownerOnly';
import { BACKUP_PATH, readBackupEndpoint } from '../server/services/backup';

/*
 * `npm run backup` and `npm run restore` for the embedded PGlite database (docs/operations.md, "Backups").
 * A backup is one .tar.gz of the whole data directory (server/db/dataDirArchive.ts): taken by
 * the running server when one holds the directory (services/backup.ts), else read here from
 * the directory under its lock, so no server starts on it meanwhile. Both stream it: neither
 * holds the directory in memory.
 */

export class BackupError extends Error {}

/** The data directory the server would use: DATA_DIR, else DATA_ROOT/db as `npm start` does, else .data/db. */
export const dataDirFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(env.DATA_DIR || join(env.DATA_ROOT || '.data', 'db'));

const PG_DUMP_MAGIC = 'PGDMP';

const fileStart = (file: string, length: number): Buffer => {
  const head = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, length, 0));
  } finally {
    closeSync(fd);
  }
};
/** Files every PostgreSQL data directory has; a tar without them is no backup of one. */
const REQUIRED_ENTRIES = ['PG_VERSION', 'global/pg_control'];

/** Throws a BackupError saying what the file is, unless it is a backup `npm run backup` wrote. */
export const checkBackupFile = async (file: string): Promise<void> => {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file}: no such file.`);
  if (fileStart(file, PG_DUMP_MAGIC.length).toString('latin1') === PG_DUMP_MAGIC) {
    throw new BackupError(
      `${file} is a PostgreSQL dump (pg_dump's custom format), not a backup of the embedded database: restore it with pg_restore (docs/operations.md, Backups).`,
    );
  }
  const entries = new Set<string>();
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries.add(entry.path.replace(/^(\.?\/)+/, ''));
        entry.resume();
      },
    });
  } catch (error) {
    throw new BackupError(
      `${file} is not a backup of the portal's database: it is not a complete .tar.gz archive (${(error as Error).message}). npm run backup writes one.`,
    );
  }
  const missing = REQUIRED_ENTRIES.filter((name) => !entries.has(name));
  if (missing.length > 0) {
    throw new BackupError(
      `${file} is an archive but not a backup of the portal's database: it holds no PostgreSQL data directory (${missing.join(', ')} missing).`,
    );
  }
};

/** Writes the gzipped tar of the data directory to `file`: from the running server, or read here. */
const writeDump = async (dataDir: string, file: string): Promise<{ from: string }> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let release: (() => void) | null = null;
    try {
      release = lockDataDir(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
    }
    if (release) {
      try {
        // Closed and locked, the directory's files stay as they are while they are read. After
        // a crash they are as the server left them, which the restored server recovers from
        // as it would have itself.
        await pipeline(tarOfDataDir(dataDir), createGzip(), createWriteStream(file, { mode: 0o600 }));
        return { from: 'the data directory (no server running on it)' };
      } finally {
        release();
      }
    }
    const pid = lockHolderPid(dataDir);
    if (pid === null) continue; // released between the two looks: try the lock again
    let endpoint: ReturnType<typeof readBackupEndpoint>;
    try {
      endpoint = readBackupEndpoint(dataDir);
    } catch (error) {
      throw new BackupError(
        `Cannot read where the running server (pid ${pid}) takes backups: ${(error as Error).message}. Run the backup as the user the server runs as.`,
      );
    }
    if (endpoint?.pid !== pid) {
      throw new BackupError(
        `The data directory ${dataDir} is held by pid ${pid}, which takes no backups (a server still starting, or a backup or restore at work). Try again in a moment.`,
      );
    }
    let response: Response;
    try {
      response = await fetch(`http://127.0.0.1:${endpoint.port}${BACKUP_PATH}`, {
        headers: { authorization: `Bearer ${endpoint.token}` },
      });
    } catch {
      continue; // the server stopped meanwhile: the directory may be free now
    }
    if (!response.ok || !response.body) {
      throw new BackupError(`The running server (pid ${pid}) refused the backup: ${response.status} ${await response.text()}`);
    }
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      throw new BackupError(`The copy from the running server (pid ${pid}) was cut off: ${(error as Error).message}. Nothing was written.`);
    }
    return { from: `the running server (pid ${pid})` };
  }
  throw new BackupError(`The data directory ${dataDir} changed hands during the backup several times: try again.`);
};

export interface BackupResult {
  bytes: number;
  ms: number;
  /** Who took the copy: the running server, or this process from the directory. */
  from: string;
}

/**
 * Backs up the PGlite data directory to `file`: written beside it under a temporary name,
 * checked to be a complete archive, flushed to disk, then renamed over `file`, so `file` is
 * the previous backup or the new one, never half of one.
 */
export const backupDataDir = async (dataDir: string, file: string): Promise<BackupResult> => {
  const started = performance.now();
  ownerOnlyUmask();
  const directory = resolve(dataDir);
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    throw new BackupError(`No database in ${directory}: set DATA_DIR (or DATA_ROOT, as for npm start) to the server's data directory.`);
  }
  const target = resolve(file);
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const { from } = await writeDump(directory, temporary);
    await checkBackupFile(temporary);
    const fd = openSync(temporary, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    return { bytes: statSync(target).size, ms: performance.now() - started, from };
  } finally {
    rmSync(temporary, { force: true });
  }
};

/**
 * Restores a backup into a new or empty data directory and applies the migrations of this
 * release. Refuses, before changing anything, a file that is not a backup and a directory that
 * is not empty; a restore that fails midway empties the directory again.
 */
export const restoreDataDir = async (file: string, dataDir: string): Promise<{ ms: number }> => {
  const started = performance.now();
  ownerOnlyUmask();
  const directory = resolve(dataDir);
  const existed = existsSync(directory);
  const refuseUnlessEmpty = () => {
    if (existsSync(directory) && !statSync(directory).isDirectory()) throw new BackupError(`${directory} is not a directory.`);
    if (existsSync(directory) && readdirSync(directory).length > 0) {
      throw new BackupError(`${directory} is not empty: restore into a new or empty directory. Nothing in it was changed.`);
    }
  };
  refuseUnlessEmpty();
  await checkBackupFile(file);
  let release: () => void;
  try {
    release = lockDataDir(directory);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(error.message);
    throw error;
  }
  try {
    refuseUnlessEmpty(); // a process may have written there between the look and the lock
    try {
      await extractDataDir(file, directory);
      const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
      try {
        await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await pglite.close();
      }
      makeOwnerOnly(directory);
    } catch (error) {
      for (const name of readdirSync(directory)) rmSync(join(directory, name), { recursive: true, force: true });
      throw new BackupError(`The restore failed and ${directory} was emptied again: ${(error as Error).message}`);
    }
  } finally {
    release();
    if (!existed && readdirSync(directory).length === 0) {
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return { ms: performance.now() - started };
};

export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
