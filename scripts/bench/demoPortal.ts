import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensurePortalBuilt } from '../buildPortal';
import { freePort } from '../freePort';
import { startProduct, type RunningProduct } from '../product';

/**
 * Runs `measure` on the product as `npm start` runs it, over a demo database of its own and a
 * copy of the built portal (a rebuild elsewhere mid-run changes nothing), then stops it and
 * removes the folder: how a part of the bench runs alone (`tsx scripts/bench/<part>.ts`).
 */
export const onDemoPortal = async (name: string, measure: (baseUrl: string, product: RunningProduct) => Promise<void>): Promise<void> => {
  const folder = mkdtempSync(join(tmpdir(), `salescoach-${name}-`));
  let product: RunningProduct | null = null;
  try {
    // BENCH_PORTAL_DIST: another build of the portal to measure (one kept from an earlier commit).
    const built = process.env.BENCH_PORTAL_DIST ?? resolve(import.meta.dirname, '../../dist');
    if (!process.env.BENCH_PORTAL_DIST) await ensurePortalBuilt();
    const portalCopy = join(folder, 'portal');
    cpSync(built, portalCopy, { recursive: true });
    product = await startProduct({
      port: await freePort(),
      dataDir: folder,
      emulatorPort: await freePort(),
      env: { STATIC_DIR: portalCopy },
      log: () => {},
    });
    await measure(product.url, product);
  } finally {
    await product?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
};
