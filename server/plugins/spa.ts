import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import type { RuntimeConfigContract } from '../../src/contract/runtimeConfig';

export interface SpaOptions {
  /** The built portal (vite build output); skipped when missing (dev, API-only tests). */
  staticDir?: string;
  runtimeConfig: RuntimeConfigContract;
}

/** `window.__SALESCOACH_CONFIG__ = {...};` with `<` escaped so the JSON cannot close a script. */
export const runtimeConfigScript = (config: RuntimeConfigContract): string =>
  `window.__SALESCOACH_CONFIG__ = ${JSON.stringify(config).replace(/</g, '\\u003c')};\n`;

/**
 * Serves the built portal with a history fallback (any GET outside /api that is not a
 * file gets index.html, the CSP comes from the security plugin) and /runtime-config.js.
 */
export const spaPlugin = async (app: FastifyInstance, options: SpaOptions): Promise<void> => {
  const script = runtimeConfigScript(options.runtimeConfig);
  app.get('/runtime-config.js', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(script),
  );

  const root = options.staticDir ? resolve(options.staticDir) : null;
  const hasPortal = root !== null && existsSync(join(root, 'index.html'));
  if (hasPortal) {
    // wildcard: false registers one route per built file, so unknown paths reach the fallback.
    // Vite names everything under assets/ by its content hash: a browser may keep it forever
    // (docs/security.md: a page load costs a handful of requests); other files are revalidated.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      cacheControl: false,
      setHeaders: (response, path) => {
        const hashed = path.startsWith(join(root, 'assets') + sep);
        response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasPortal && isPageRequest) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: ERROR_CODES.notFound, message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
};
