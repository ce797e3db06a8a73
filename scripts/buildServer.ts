import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { newestMtime } from './buildPortal';

const root = resolve(import.meta.dirname, '..');
const outdir = join(root, 'dist-server');
/** The API server as one JavaScript module: what `npm start` and `npm run server` run. */
export const SERVER_BUNDLE = join(outdir, 'server.mjs');
/**
 * `npm run backup` and `npm run restore` as modules of their own beside the server's, for
 * where only the built files are, as in the image (docs/operations.md, "Deploy with Docker").
 */
export const BACKUP_BUNDLE = join(outdir, 'backup.mjs');
export const RESTORE_BUNDLE = join(outdir, 'restore.mjs');
/** The sentence encoder's thread, which the server starts beside itself. */
export const ENCODER_THREAD_BUNDLE = join(outdir, 'sentenceEncoderThread.mjs');
const entryPoints = {
  server: 'server/server.ts',
  // The worker threads the server starts (services/workerThread.ts): the sentence encoder's and the calibration's.
  sentenceEncoderThread: 'server/services/matching/embeddings/sentenceEncoderThread.ts',
  calibrationThread: 'server/services/matching/calibrationThread.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  // The restore's thread, which restore.mjs starts beside itself (scripts/dataDirBackup.ts).
  restoreMigrateThread: 'scripts/restoreMigrateThread.ts',
};
const bundles = Object.keys(entryPoints).map((name) => join(outdir, `${name}.mjs`));
const sources = [
  'server',
  'src/contract',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'scripts/dataDirBackup.ts',
  'scripts/backupManifest.ts',
  'scripts/backupVerify.ts',
  'scripts/restoreMigrateThread.ts',
  'package-lock.json',
  'tsconfig.json',
];

/**
 * A module that reads files beside itself (the migrations, the dictionary's data) finds them
 * from its folder in the sources, now a path relative to the bundle's.
 */
const sourceFolders: Plugin = {
  name: 'source-folders',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromBundle = relative(outdir, dirname(args.path));
      return { contents: text.replaceAll('import.meta.dirname', `__sourceFolder(${JSON.stringify(fromBundle)})`), loader: 'ts' };
    });
  },
};

/** True when a bundle is missing or older than one of the sources. */
export const serverIsStale = (): boolean => {
  if (!bundles.every((bundle) => existsSync(bundle))) return true;
  const builtAt = Math.min(...bundles.map((bundle) => statSync(bundle).mtimeMs));
  return sources.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > builtAt);
};

/**
 * Bundles server/server.ts (and the portal's src/contract it shares) into SERVER_BUNDLE, and
 * the backup and restore scripts into BACKUP_BUNDLE and RESTORE_BUNDLE, the packages left as
 * imports from node_modules. Run as plain JavaScript, the server needs no TypeScript loader:
 * about 60-90 MiB less resident memory than under tsx. Each is written to a temporary file
 * and renamed, so a server starting meanwhile never reads half a file.
 */
export const buildServer = async () => {
  const { outputFiles } = await build({
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, source]) => [name, join(root, source)])),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    write: false,
    outdir,
    outExtension: { '.js': '.mjs' },
    banner: {
      js: "import { resolve as __resolveFolder } from 'node:path';\nconst __sourceFolder = (fromBundle) => __resolveFolder(import.meta.dirname, fromBundle);",
    },
    plugins: [sourceFolders],
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  for (const output of outputFiles) {
    const partial = `${output.path}.${process.pid}.partial`;
    writeFileSync(partial, output.contents);
    renameSync(partial, output.path);
  }
};

/** Bundles the server unless the bundle is up to date; true when it did. */
export const ensureServerBuilt = async ({ force = false, log = console.log } = {}) => {
  if (!force && !serverIsStale()) return false;
  log('Building the API server (esbuild)...');
  await buildServer();
  return true;
};

// `tsx scripts/buildServer.ts [--if-stale]` (npm run build, npm run server)
if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureServerBuilt({ force: !process.argv.includes('--if-stale') });
}
