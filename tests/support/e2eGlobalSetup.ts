import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePortalBuilt } from '../../scripts/buildPortal';
import { freePort } from '../../scripts/freePort';
import { demoAdminToken } from '../../scripts/bench/support';
import { startProduct, type RunningProduct } from '../../scripts/product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorHost: string;
  }
}

/**
 * On a first start the server embeds the seeded dictionary with its model, then calibrates
 * the threshold (docs/matching.md); the tests start from that settled state, as an admin
 * arriving a minute after `npm start` would. Polls GET /api/dictionary/matching as the demo admin.
 */
const untilDictionaryCalibrated = async (product: RunningProduct, timeoutMs = 180_000) => {
  const headers = { authorization: `Bearer ${await demoAdminToken(product)}` };
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    const response = await fetch(`${product.url}/api/dictionary/matching`, { headers });
    last = await response.text();
    if (response.ok) {
      const { data } = JSON.parse(last) as { data: { pending: number; source: string } };
      if (data.pending === 0 && data.source === 'calibrated') return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The dictionary was not embedded and calibrated within ${timeoutMs / 1000} s: ${last.slice(0, 300)}`);
};

/** Starts the product exactly as `npm start` does, on free ports and a throwaway data folder. */
export default async function setup(project: TestProject) {
  // As `npm start` does: built unless dist/ is newer than every source (after `npm run build`
  // in `npm test` it is, and the browser tests run on exactly what was built and size-checked).
  await ensurePortalBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'salescoach-e2e-'));
  const product = await startProduct({
    port: await freePort(),
    dataDir,
    emulatorPort: await freePort(),
    log: () => undefined,
  });
  await untilDictionaryCalibrated(product);
  project.provide('baseUrl', product.url);
  project.provide('authEmulatorHost', product.emulator?.host ?? '');
  return async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
