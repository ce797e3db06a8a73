import { resolve } from 'node:path';
import { createServer } from 'vite';
import { startProduct } from './product';

/**
 * `npm run dev`: the Auth emulator, the API server on API_PORT (default 8080, restarted on
 * server changes) and Vite's dev server on PORT (default 5173) with hot reload, proxying
 * /api and /runtime-config.js to the API server.
 */
const apiPort = Number(process.env.API_PORT ?? 8080);
const product = await startProduct({
  port: apiPort,
  dataDir: resolve(process.env.DATA_ROOT ?? '.data'),
  emulatorPort: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  watch: true,
});
const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const shutdown = async () => {
  await vite.close();
  await product.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
