import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { newestMtime } from './buildPortal';

const root = resolve(import.meta.dirname, '..');
/** The API server as one JavaScript module: what `npm start` and `npm run server` run. */
export const SERVER_BUNDLE = join(root, 'dist-server', 'server.mjs');
const sources = ['server', 'src/contract', 'package-lock.json', 'tsconfig.json'];

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
      const fromBundle = relative(dirname(SERVER_BUNDLE), dirname(args.path));
      return { contents: text.replaceAll('import.meta.dirname', `__sourceFolder(${JSON.stringify(fromBundle)})`), loader: 'ts' };
    });
  },
};

/** True when the bundle is missing or older than one of the server's sources. */
export const serverIsStale = (): boolean => {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  return sources.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > builtAt);
};

/**
 * Bundles server/server.ts (and the portal's src/contract it shares) into SERVER_BUNDLE, the
 * packages left as imports from node_modules. Run as plain JavaScript, the server needs no
 * TypeScript loader: about 60-90 MiB less resident memory than under tsx. Written
 * to a temporary file and renamed, so a server starting meanwhile never reads half a file.
 */
export const buildServer = async () => {
  const { outputFiles } = await build({
    entryPoints: [join(root, 'server/server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    write: false,
    outfile: SERVER_BUNDLE,
    banner: {
      js: "import { resolve as __resolveFolder } from 'node:path';\nconst __sourceFolder = (fromBundle) => __resolveFolder(import.meta.dirname, fromBundle);",
    },
    plugins: [sourceFolders],
    logLevel: 'warning',
  });
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  const partial = `${SERVER_BUNDLE}.${process.pid}.partial`;
  writeFileSync(partial, outputFiles[0].contents);
  renameSync(partial, SERVER_BUNDLE);
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
