import { resolve } from 'node:path';
import { ensurePortalBuilt } from './buildPortal';
import { startProduct } from './product';

/**
 * `npm start`: builds the portal if its sources changed, then runs the Auth emulator and the
 * API server on PORT (default 8080). Set FIREBASE_PROJECT_ID to a real project (not demo-*)
 * to use real Firebase Auth instead of the emulator. Ctrl-C stops everything.
 */
const startedAt = Date.now();
const realFirebase = Boolean(process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith('demo-'));

await ensurePortalBuilt();
const product = await startProduct({
  port: Number(process.env.PORT ?? 8080),
  dataDir: resolve(process.env.DATA_ROOT ?? '.data'),
  emulatorPort: realFirebase ? null : Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
});
console.log(`Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

const shutdown = async () => {
  console.log('Stopping...');
  await product.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
const code = await product.exited;
if (code !== 0 && code !== null) {
  await product.stop();
  process.exit(code);
}
