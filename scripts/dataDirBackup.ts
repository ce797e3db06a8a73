import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, type Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
import { DataDirInUseError, lockDataDir } from '../server/db/client';
import { dataDirUnpacker, tarOfDataDir } from '../server/db/dataDirArchive';
import { lockHolderPid } from '../server/db/dataDirLock';
import { makeOwnerOnly, ownerOnlyUmask } from '../server/db/ownerOnly';
import { BACKUP_PATH, readBackupEndpoint } from '../server/services/backup';
import { startModuleThread } from '../server/services/workerThread';
import { BackupError, type BackupManifest, backupWriter } from './backupManifest';
import { readVerifiedData, stepTimeoutMs, verifyBackup, withinTime } from './backupVerify';

/*
 * `npm run backup` and `npm run restore` for the embedded PGlite database (docs/operations.md, "Backups").
 * A backup is a .tar.gz of the whole data directory (server/db/dataDirArchive.ts) framed with its manifest
 * (backupManifest.ts): taken by
 * the running server when one holds the directory (services/backup.ts), else read here from
 * the directory under its lock, so no server starts on it meanwhile. Both stream it: neither
 * holds the directory in memory.
 */

export { BackupError };

/** Opening PGlite takes about 2 s and the migrations a few more: a minute only ends a stuck database. */
const MIGRATE_TIMEOUT_MS = 120_000;

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

/** Verifies the file against its manifest (backupVerify.ts), or throws a BackupError saying what the file is. */
export const checkBackupFile = async (file: string): Promise<BackupManifest> => {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file}: no such file.`);
  if (fileStart(file, PG_DUMP_MAGIC.length).toString('latin1') === PG_DUMP_MAGIC) {
    throw new BackupError(
      `${file} is a PostgreSQL dump (pg_dump's custom format), not a backup of the embedded database: restore it with pg_restore (docs/operations.md, Backups).`,
    );
  }
  return verifyBackup(file);
};

/** The data a backup was written with is a whole archive of a data directory (the server's stream may be cut). */
const checkDataEntries = async (file: string, manifest: BackupManifest): Promise<void> => {
  const entries = new Set<string>();
  const { streams } = readVerifiedData(file, manifest);
  try {
    await pipeline([
      ...streams,
      new tar.Parser({
        strict: true,
        onReadEntry: (entry) => {
          entries.add(entry.path.replace(/^(\.?\/)+/, ''));
          entry.resume();
        },
      }),
    ]);
  } catch (error) {
    throw new BackupError(
      `The copy of the data directory is not a complete .tar.gz archive (${(error as Error).message}). Nothing was written.`,
    );
  }
  const missing = REQUIRED_ENTRIES.filter((name) => !entries.has(name));
  if (missing.length > 0)
    throw new BackupError(`The copy holds no PostgreSQL data directory (${missing.join(', ')} missing). Nothing was written.`);
};

/** Writes the gzipped tar of the data directory to `file`: from the running server, or read here. */
const writeDump = async (dataDir: string, sink: () => [Transform, Writable]): Promise<{ from: string }> => {
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
        await pipeline([tarOfDataDir(dataDir), createGzip(), ...sink()]);
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
      await pipeline([Readable.fromWeb(response.body as WebReadableStream), ...sink()]);
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
  /** The data's, as its manifest holds it. */
  sha256: string;
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
    const writer = backupWriter(temporary);
    const { from } = await writeDump(directory, writer.dataSink);
    const written = writer.finish(readFileSync(join(directory, 'PG_VERSION'), 'utf8').trim());
    const manifest = await checkBackupFile(temporary);
    if (manifest.checksum !== written.checksum) throw new BackupError(`${temporary} changed while it was written: try again.`);
    await checkDataEntries(temporary, manifest);
    const fd = openSync(temporary, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    return { bytes: statSync(target).size, ms: performance.now() - started, from, sha256: manifest.data.sha256 };
  } finally {
    rmSync(temporary, { force: true });
  }
};

/** Opens the restored folder and applies the migrations in a thread of its own, stopped if it takes longer than `ms`. */
const migrateWithin = async (directory: string, ms: number): Promise<void> => {
  const thread = startModuleThread(new URL('./restoreMigrateThread.ts', import.meta.url));
  try {
    const answer = new Promise<{ ok: boolean; message?: string }>((resolveAnswer, reject) => {
      thread.once('message', resolveAnswer);
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`the database's thread stopped (exit code ${code})`)));
    });
    thread.postMessage(directory);
    const { ok, message } = await withinTime('Opening the restored database and applying the migrations', ms, () => answer);
    if (!ok) throw new Error(message);
  } finally {
    await thread.terminate();
  }
};

export interface RestoreResult {
  ms: number;
  manifest: BackupManifest;
}

/**
 * Restores a backup into a new or empty data directory and applies the migrations of this release. Refuses, before
 * changing anything, a directory that is not empty and a file its manifest does not prove whole; every step is
 * bounded in time; a restore that fails midway empties the directory again.
 */
export const restoreDataDir = async (file: string, dataDir: string): Promise<RestoreResult> => {
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
  const manifest = await checkBackupFile(file);
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
      const data = readVerifiedData(file, manifest);
      await withinTime(`Extracting ${file}`, stepTimeoutMs(manifest.data.bytes), (signal) =>
        pipeline([...data.streams, dataDirUnpacker(directory)], { signal }),
      );
      data.check();
      const missing = REQUIRED_ENTRIES.filter((name) => !existsSync(join(directory, name)));
      if (missing.length > 0) throw new BackupError(`the backup holds no PostgreSQL data directory (${missing.join(', ')} missing)`);
      await migrateWithin(directory, MIGRATE_TIMEOUT_MS);
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
  return { ms: performance.now() - started, manifest };
};

export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
