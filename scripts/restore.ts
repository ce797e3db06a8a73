import { BackupError, restoreDataDir } from './dataDirBackup';

/**
 * `npm run restore -- <file> <data directory>`: a backup of `npm run backup`, checked against its manifest first,
 * into a new or empty PGlite data directory, with this release's migrations applied (scripts/dataDirBackup.ts).
 * Start the server on it with DATA_DIR=<data directory> (or DATA_ROOT=<its parent> when the
 * directory is named db, as npm start expects).
 */
const [file, dataDir] = process.argv.slice(2);
// Bundled into dist-server/restore.mjs for where only the built files are (scripts/buildServer.ts).
const command = import.meta.url.endsWith('.mjs') ? 'node dist-server/restore.mjs' : 'npm run restore --';
if (!file || !dataDir) {
  console.error(`Usage: ${command} <backup file> <data directory>   (the directory must be new or empty)`);
  process.exit(2);
}
try {
  const { ms, manifest } = await restoreDataDir(file, dataDir);
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}, its SHA-256 checked) into ${dataDir} in ${(ms / 1000).toFixed(1)} s; the migrations are applied. Start the server with DATA_DIR=${dataDir}.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
