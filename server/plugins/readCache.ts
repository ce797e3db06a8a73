import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WriteGeneration } from '../db/client';
import type { AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 200 answers depend on the URL and the database alone, never on who asks. */
    readCache?: boolean;
  }
}

export const READ_CACHE_BYTES = 32 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/** RFC 9111, 5.2.1.4 */
const wantsFreshAnswer = (request: FastifyRequest) => /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');

/**
 * Every write makes every kept answer stale at once (db/writeGeneration.ts: PGlite only). Runs as a preHandler, after
 * authentication and validation. After compression: an answer is kept as sent, so a 2 MB session is not compressed per view.
 */
export const installReadCache = (
  api: FastifyInstance,
  writes: WriteGeneration | null,
  metrics: Pick<AppMetrics, 'countReadCache'> | null = null,
): void => {
  if (!writes) return;
  const kept = new LRUCache<string, { generation: number; body: string | Buffer; encoding: string | null }>({
    maxSize: READ_CACHE_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
  });
  const readAt = new WeakMap<FastifyRequest, number>();
  const keyOf = (request: FastifyRequest) => `${request.headers['accept-encoding'] ?? ''}\n${request.url}`;

  // A running read is shared; the handler's promise, not the reply, so a client that closes leaves it running for the others.
  const running = new Map<string, { generation: number; value: Promise<unknown> }>();
  api.addHook('onRoute', (route) => {
    if (!route.config?.readCache) return;
    const handler = route.handler;
    route.handler = function shared(this: FastifyInstance, request, reply) {
      const generation = readAt.get(request);
      if (generation === undefined || generation !== writes.current || wantsFreshAnswer(request)) {
        return handler.call(this, request, reply);
      }
      const joined = running.get(request.url);
      if (joined && joined.generation === generation) {
        request.log.debug('joins the same read, already running');
        return joined.value;
      }
      const own = { generation, value: Promise.resolve(handler.call(this, request, reply)) };
      running.set(request.url, own);
      const done = () => {
        if (running.get(request.url) === own) running.delete(request.url);
      };
      own.value.then(done, done);
      return own.value;
    };
  });

  api.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.readCache || request.method !== 'GET') return;
    const entry = wantsFreshAnswer(request) ? undefined : kept.get(keyOf(request));
    if (entry && entry.generation === writes.current) {
      reply.type(JSON_TYPE);
      if (entry.encoding) reply.header('content-encoding', entry.encoding).header('vary', 'accept-encoding');
      metrics?.countReadCache('hit');
      return reply.send(entry.body);
    }
    metrics?.countReadCache('miss');
    readAt.set(request, writes.current);
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const generation = readAt.get(request);
    // Kept only when nothing was written while it was read.
    const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (generation !== undefined && generation === writes.current && reply.statusCode === 200 && whole) {
      const encoding = reply.getHeader('content-encoding');
      kept.set(keyOf(request), { generation, body: payload, encoding: typeof encoding === 'string' ? encoding : null });
    }
    return payload;
  });
};
