import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `source` (a module's URL ending in .ts): its bundle beside the
 * server's where the server runs built (scripts/buildServer.ts bundles each thread under the
 * module's name), else the sources through tsx (tests, scripts, `npm run dev`).
 */
export const startModuleThread = (source: URL): Worker => {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${basename(source.pathname, '.ts')}.mjs`, import.meta.url));
  // tsx's ESM API, found by its package's own exports (a thread started from a data: URL resolves no package names).
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
  const code = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(source.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
};
