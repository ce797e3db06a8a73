import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { startProduct, type RunningProduct } from './product';

/**
 * `npm run dev`: the Auth emulator, the API server on API_PORT (default 8080, restarted on
 * server changes) and Vite's dev server on PORT (default 5173) with hot reload, proxying
 * /api and /runtime-config.js to the API server.
 */
let stopRequested = false;
let product: RunningProduct | null = null;
let vite: ViteDevServer | null = null;
// Listening first, as in start.ts: the emulator never sees the terminal's Ctrl-C itself.
const shutdown = async () => {
  if (stopRequested) return;
  stopRequested = true;
  await vite?.close();
  await product?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

product = await startProduct({
  port: Number(process.env.API_PORT ?? 8080),
  dataDir: resolve(process.env.DATA_ROOT ?? '.data'),
  emulatorPort: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  watch: true,
});
if (stopRequested) {
  await product.stop();
  process.exit(0);
}
vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();
