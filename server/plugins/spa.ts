import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import type { RuntimeConfigContract } from '../../src/contract/runtimeConfig';
import { sendError } from './errors';

export interface SpaOptions {
  /** Skipped when missing (dev, API-only tests). */
  staticDir?: string;
  runtimeConfig: RuntimeConfigContract;
}

/** `<` escaped so the JSON cannot close a script. */
export const runtimeConfigScript = (config: RuntimeConfigContract): string =>
  `window.__SALESCOACH_CONFIG__ = ${JSON.stringify(config).replace(/</g, '\\u003c')};\n`;

/** spec 2 (src/shared/paths.ts, which the server does not import). */
const SIGN_IN_PATHS = new Set(['/login', '/signup']);

const withoutShellPreload = (html: string): string =>
  html.replace(/[ \t]*<script async src="\/assets\/shell-preload-[\w-]+\.js"><\/script>\n?/, '');

/** Not a page path that merely starts with "api" (/api-keys goes to the portal). */
const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/.test(url);

const documentEncodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** Made at start: each encoding with its own ETag, so it travels compressed and revalidates like the built files. */
const encodedDocument = (html: string) => {
  const identity = Buffer.from(html, 'utf8');
  const variants = {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted && documentEncodings.negotiate(accepted)) || 'identity';
    const etag = `"${tag}-${encoding}"`;
    reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding').header('ETag', etag);
    if (request.headers['if-none-match']?.split(',').some((known) => known.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(variants[encoding]);
  };
};

/** A history fallback for any GET outside /api that is no file; the build's .br and .gz copies are sent as they are. */
export const spaPlugin = async (app: FastifyInstance, options: SpaOptions): Promise<void> => {
  const script = runtimeConfigScript(options.runtimeConfig);
  // Revalidated on every load, so a new deployment's settings apply at once.
  const scriptTag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
  app.get('/runtime-config.js', { config: { public: true } }, async (request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').header('ETag', scriptTag);
    const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return known?.includes(scriptTag) ? reply.code(304).send() : reply.send(script);
  });

  const root = options.staticDir ? resolve(options.staticDir) : null;
  const hasPortal = root !== null && existsSync(join(root, 'index.html'));
  if (hasPortal) {
    // One route per built file, so unknown paths reach the fallback; assets/ are named by content hash: kept forever.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const hashed = path.startsWith(join(root, 'assets') + sep);
        response.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The shell-preload script would do nothing on the sign-in pages: one request fewer for them.
  const signInDocument = hasPortal ? encodedDocument(withoutShellPreload(readFileSync(join(root, 'index.html'), 'utf8'))) : null;
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasPortal && isPageRequest) {
      reply.header('Cache-Control', 'no-cache');
      if (signInDocument && SIGN_IN_PATHS.has(request.url.split('?')[0])) return signInDocument(request, reply);
      return reply.sendFile('index.html');
    }
    return sendError(reply, 404, { error: ERROR_CODES.notFound, message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
};
