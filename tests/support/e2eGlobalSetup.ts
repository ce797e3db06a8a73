import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePortalBuilt } from '../../scripts/buildPortal';
import { freePort } from '../../scripts/freePort';
import { startProduct } from '../../scripts/product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorHost: string;
  }
}

/** Starts the product exactly as `npm start` does, on free ports and a throwaway data folder. */
export default async function setup(project: TestProject) {
  // Built in this process, as `npm start` does, so the browser tests cover that path too.
  await ensurePortalBuilt({ force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'salescoach-e2e-'));
  const product = await startProduct({
    port: await freePort(),
    dataDir,
    emulatorPort: await freePort(),
    log: () => undefined,
  });
  project.provide('baseUrl', product.url);
  project.provide('authEmulatorHost', product.emulator?.host ?? '');
  return async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
