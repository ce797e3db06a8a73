import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type InlineConfig } from 'vite';

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

/**
 * Runs Vite's build of `config` in production mode, leaving this process's NODE_ENV as it was.
 * Vite sets NODE_ENV=production in the process; an API server started next inherits the
 * environment and must not mistake a local emulator run for production (it would also log every
 * request). Under vitest NODE_ENV is 'test', which Vite keeps: React would be built in
 * development mode (a third larger, slower), so it is set to production for the build.
 */
export const buildForProduction = async (config: InlineConfig) => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', ...config });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
};

/** Builds the portal with the project's Vite config unless dist/ is up to date. */
export const ensurePortalBuilt = async ({ force = false, log = console.log } = {}) => {
  if (!force && !portalIsStale()) return false;
  log('Building the portal (vite build)...');
  // The portal is always built as `npm run build` builds it.
  await buildForProduction({ root, logLevel: 'warn' });
  return true;
};
