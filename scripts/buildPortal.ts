import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const sources = ['src', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time of `path` and everything under it. */
export const newestMtime = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
};

/** True when dist/ is missing or older than any portal source. */
export const portalIsStale = (outDir = join(root, 'dist')): boolean => {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return sources.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > builtAt);
};

/** Builds the portal with the project's Vite config unless dist/ is up to date. */
export const ensurePortalBuilt = async ({ force = false, log = console.log } = {}) => {
  if (!force && !portalIsStale()) return false;
  log('Building the portal (vite build)...');
  // Vite sets NODE_ENV=production in this process; the API server started next inherits the
  // environment and must not mistake a local emulator run for production.
  // Under vitest NODE_ENV is 'test', which Vite keeps: React would be built in development
  // mode (a third larger, slower). The portal is always built as `npm run build` builds it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
};
