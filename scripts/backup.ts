import { BackupError, backupDataDir, dataDirFromEnv, formatBytes } from './dataDirBackup';

/**
 * `npm run backup -- <file>`: a consistent copy of the embedded PGlite database, also while the
 * server runs (scripts/dataDirBackup.ts), of DATA_DIR, else DATA_ROOT/db, else .data/db. On
 * PostgreSQL (DATABASE_URL) use pg_dump, as docs/operations.md (Backups) shows.
 */
const [file] = process.argv.slice(2);
// Bundled into dist-server/backup.mjs for where only the built files are (scripts/buildServer.ts).
const command = import.meta.url.endsWith('.mjs') ? 'node dist-server/backup.mjs' : 'npm run backup --';
if (!file) {
  console.error(`Usage: ${command} <file>   (for instance portal.backup.tar)`);
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: the database is PostgreSQL, which npm run backup does not copy. Use pg_dump:\n' +
      `  pg_dump --format=custom --file=${file} "$DATABASE_URL"\n(docs/operations.md, Backups)`,
  );
  process.exit(1);
}
const dataDir = dataDirFromEnv();
try {
  const result = await backupDataDir(dataDir, file);
  console.log(
    `Backup of ${dataDir} written to ${file}: ${formatBytes(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s, taken by ${result.from}; its manifest holds the data's SHA-256 ${result.sha256}.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
