import { readdirSync, type Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import * as tar from 'tar';

/*
 * A PGlite data directory as a tar archive, and back (docs/operations.md, "Backups"). PGlite keeps its data
 * directory as real files on disk, so the archive is read from them and written to them as
 * streams: memory stays flat however large the directory is. The archive holds what PGlite's
 * own dump (dumpDataDir) holds: every regular file and folder of the directory, with paths
 * relative to it; a restore extracts only those, so an archive cannot create links or reach
 * outside the directory.
 */

const fileOrFolder = (stat: Stats) => stat.isFile() || stat.isDirectory();

/**
 * The data directory as an uncompressed tar stream, read while it is read: its files must not
 * change until the stream ends (a closed directory, or OpenedDatabase.holdDataDir).
 */
export const tarOfDataDir = (dataDir: string): Readable =>
  tar.c(
    // portable: no owner names or ids, which mean nothing on the machine that restores it.
    { cwd: dataDir, portable: true, filter: (_path, stat) => fileOrFolder(stat as Stats) },
    readdirSync(dataDir).sort(),
  ) as unknown as Readable;

/**
 * Extracts a backup (.tar.gz, or the tar gunzipped) into `dataDir`: regular files and folders
 * only, without owners. The archive must have been checked first (checkBackupFile). Not strict:
 * PGlite's own dumps name their entries from the root (`/PG_VERSION`), which is stripped.
 */
export const extractDataDir = (file: string, dataDir: string): Promise<void> =>
  tar.x({
    file,
    cwd: dataDir,
    preserveOwner: false,
    filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
  });
