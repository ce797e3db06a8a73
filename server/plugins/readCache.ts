import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WriteGeneration } from '../db/client';
import type { AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers depend on its URL and the database alone (never on who asks), so
     * they may be reused until the next write (plugins/readCache.ts).
     */
    readCache?: boolean;
  }
}

/** Bytes of answers kept at most, least recently used first out. */
export const READ_CACHE_BYTES = 32 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/** `Cache-Control: no-cache` on the request asks for an answer read now (RFC 9111, 5.2.1.4). */
const wantsFreshAnswer = (request: FastifyRequest) => /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');

/**
 * Reuses the answers of the routes marked `config: { readCache: true }` while the database has
 * not been written (db/writeGeneration.ts): each write, whether from a route, the assistant's
 * ingest or a timer, makes every kept answer stale at once. The request is authenticated and validated as
 * always before a kept answer is sent (this runs as a preHandler). Only PGlite has a write
 * generation; on PostgreSQL nothing is kept.
 *
 * Register inside the /api scope after the compression plugin: an answer is kept as sent,
 * compressed or not, once per Accept-Encoding (a browser sends the same one every time), so a
 * 2 MB session is not compressed again for each view. Each answer of a marked route counts as a
 * hit or a miss in the metrics.
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

  // A read that is running is shared: a request for the same URL while nothing was written since
  // it began waits for its value rather than reading again. The handler's own promise is shared,
  // not the reply, so it settles whatever becomes of the request that started it: a client that
  // closes its connection leaves the read running for the others and for `kept`.
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
      // An encoded answer passes the compression plugin untouched (it is already encoded).
      if (entry.encoding) reply.header('content-encoding', entry.encoding).header('vary', 'accept-encoding');
      metrics?.countReadCache('hit');
      return reply.send(entry.body);
    }
    metrics?.countReadCache('miss');
    readAt.set(request, writes.current);
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const generation = readAt.get(request);
    // Kept only when nothing was written while it was read: the next write changes the value.
    const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (generation !== undefined && generation === writes.current && reply.statusCode === 200 && whole) {
      const encoding = reply.getHeader('content-encoding');
      kept.set(keyOf(request), { generation, body: payload, encoding: typeof encoding === 'string' ? encoding : null });
    }
    return payload;
  });
};
