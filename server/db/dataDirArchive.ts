import { readdirSync, type Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import * as tar from 'tar';

/* Streams, so memory stays flat; regular files and folders only, so an archive cannot create links or reach outside. */
const fileOrFolder = (stat: Stats) => stat.isFile() || stat.isDirectory();

/** Its files must not change until the stream ends (a closed directory, or OpenedDatabase.holdDataDir). */
export const tarOfDataDir = (dataDir: string): Readable =>
  tar.c(
    { cwd: dataDir, portable: true, filter: (_path, stat) => fileOrFolder(stat as Stats) },
    readdirSync(dataDir).sort(),
  ) as unknown as Readable;

/** Check the archive first (verifyBackup). Not strict: PGlite's own dumps name entries from the root, which is stripped. */
export const dataDirUnpacker = (dataDir: string) =>
  tar.x({
    cwd: dataDir,
    preserveOwner: false,
    filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
  });
