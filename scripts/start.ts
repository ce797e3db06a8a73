import { resolve } from 'node:path';
import { ensurePortalBuilt } from './buildPortal';
import { startProduct, type RunningProduct } from './product';

/**
 * `npm start`: builds the portal if its sources changed, then runs the Auth emulator and the
 * API server on PORT (default 8080). Set FIREBASE_PROJECT_ID to a real project (not demo-*)
 * to use real Firebase Auth instead of the emulator. A server that crashes is started again
 * (the emulator, and so every account, keeps running); Ctrl-C stops everything. A portal
 * served from another folder (STATIC_DIR) is not built.
 */
const startedAt = Date.now();
const realFirebase = Boolean(process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith('demo-'));

// Listen before anything starts: a Ctrl-C during start-up must still stop the emulator, which
// runs in its own process group and so never sees the terminal's signal.
let stopRequested = false;
let starting = false;
let product: RunningProduct | null = null;
const shutdown = async () => {
  if (stopRequested) return;
  stopRequested = true;
  console.log('Stopping...');
  // While the emulator and server start, the start's own end below stops them: exiting now would leave the emulator running.
  if (starting) return;
  await product?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

try {
  const portalDir = resolve(import.meta.dirname, '..', process.env.STATIC_DIR || 'dist');
  if (portalDir === resolve(import.meta.dirname, '../dist')) await ensurePortalBuilt();
  if (stopRequested) process.exit(0);
  starting = true;
  product = await startProduct({
    port: Number(process.env.PORT ?? 8080),
    dataDir: resolve(process.env.DATA_ROOT ?? '.data'),
    emulatorPort: realFirebase ? null : Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
    restartOnCrash: true,
  });
  starting = false;
} catch (error) {
  // startProduct has stopped whatever it started.
  if (stopRequested) process.exit(0);
  throw error;
}
if (stopRequested) {
  await product.stop();
  process.exit(0);
}
console.log(`Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (API server pid ${product.serverPid}). Press Ctrl-C to stop.`);

// Crashes are restarted inside startProduct: this resolves only when the server stopped cleanly
// on its own (a signal sent to it alone), which stops the rest too.
const code = await product.exited;
if (!stopRequested) {
  console.log(`The API server stopped (exit code ${code}); stopping the Auth emulator.`);
  await product.stop();
  process.exit(code ?? 1);
}
