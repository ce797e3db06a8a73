import { resolve } from 'node:path';
import { ensurePortalBuilt } from './buildPortal';
import { startProduct, type RunningProduct } from './product';

/**
 * `npm start`: builds the portal if its sources changed, then runs the Auth emulator and the
 * API server on PORT (default 8080). Set FIREBASE_PROJECT_ID to a real project (not demo-*)
 * to use real Firebase Auth instead of the emulator. Ctrl-C stops everything.
 */
const startedAt = Date.now();
const realFirebase = Boolean(process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith('demo-'));

// Listen before anything starts: a Ctrl-C during start-up must still stop the emulator, which
// runs in its own process group and so never sees the terminal's signal.
let stopRequested = false;
let product: RunningProduct | null = null;
const shutdown = async () => {
  if (stopRequested) return;
  stopRequested = true;
  console.log('Stopping...');
  await product?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

try {
  await ensurePortalBuilt();
  product = await startProduct({
    port: Number(process.env.PORT ?? 8080),
    dataDir: resolve(process.env.DATA_ROOT ?? '.data'),
    emulatorPort: realFirebase ? null : Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  });
} catch (error) {
  // startProduct has stopped whatever it started.
  if (stopRequested) process.exit(0);
  throw error;
}
if (stopRequested) {
  await product.stop();
  process.exit(0);
}
console.log(`Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

const code = await product.exited;
if (!stopRequested) {
  await product.stop();
  process.exit(code ?? 1);
}
