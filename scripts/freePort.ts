import { createServer } from 'node:net';

/**
 * Ports this process has handed out. The OS may give a port that was just closed to the next
 * caller, so two servers started together (the Auth emulator's three ports, PostgreSQL beside
 * it) could be handed the same one; a port is handed out once per process.
 */
const handedOut = new Set<number>();

const askTheOs = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Asks the OS for a free port on 127.0.0.1 (tests and demo runs never assume fixed ports). */
export const freePort = async (): Promise<number> => {
  for (;;) {
    const port = await askTheOs();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
};
