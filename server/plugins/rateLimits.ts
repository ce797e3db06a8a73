import rateLimit from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import { ApiHttpError } from '../errors';

export interface RateLimitOptions {
  /** pick: 600 a minute, far above what one admin's portal sends. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/** pick: 20 live calls sending a batch a second or two are about 1,200 calls a minute. */
export const ASSISTANT_RATE_LIMIT: RateLimitOptions = { max: 6_000, timeWindowMs: 60_000 };

/** A signed-out portal sends a few requests, an attacker guessing tokens many. */
const UNAUTHENTICATED_SHARE = 5;

export type RequestLimiter = (request: FastifyRequest, key: string) => Promise<void>;

/** The portal shows the message as it is. */
export const tooManyRequests = (retryAfterS: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new ApiHttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    { 'retry-after': String(seconds) },
  );
};

export const createLimiter = (app: FastifyInstance, { max, timeWindowMs }: RateLimitOptions): RequestLimiter => {
  // A verified uid is known only after authentication: the caller decides the key.
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ max, timeWindow: timeWindowMs, keyGenerator: (request) => keys.get(request) ?? request.ip });
  return async (request, key) => {
    keys.set(request, key);
    const verdict = await check(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw tooManyRequests(verdict.ttlInSeconds);
  };
};

/**
 * Nothing is limited by default, so the portal's files and health never are (docs/security.md); the auth hooks count
 * requests. Off (null), the plugin is not registered and routes' `config.rateLimit` is ignored.
 */
export const installRateLimits = async (
  app: FastifyInstance,
  limit: RateLimitOptions | false,
): Promise<{ perUser: RequestLimiter; perAddress: RequestLimiter } | null> => {
  if (!limit) return null;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
  return {
    perUser: createLimiter(app, limit),
    perAddress: createLimiter(app, {
      max: Math.max(1, Math.floor(limit.max / UNAUTHENTICATED_SHARE)),
      timeWindowMs: limit.timeWindowMs,
    }),
  };
};

export const perAdminRateLimit = (name: string, limit: RateLimitOptions | false): FastifyContextConfig =>
  limit
    ? {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `${name}:${request.admin?.uid ?? request.ip}`,
        },
      }
    : {};

/** pick: a whole configuration answer (about 1 MB) a key may fetch per minute; polling with If-None-Match costs none. */
export const WHOLE_CONFIG_LIMIT: RateLimitOptions = { max: 60, timeWindowMs: 60_000 };

/** pick: Prometheus scrapes every 15 to 60 s; a scrape builds every series. */
export const METRICS_SCRAPE_LIMIT: RateLimitOptions = { max: 60, timeWindowMs: 60_000 };

/**
 * What a client costs, not how many requests it sends: `max` costly answers per key and window,
 * then 429 with Retry-After until the window ends; cheap answers count nothing.
 */
export const createCostLimit = ({ max, timeWindowMs }: RateLimitOptions) => {
  const windows = new LRUCache<string, { start: number; used: number }>({ max: 10_000 });
  return (key: string, now = Date.now()): void => {
    let window = windows.get(key);
    if (!window || now - window.start >= timeWindowMs) {
      window = { start: now, used: 0 };
      windows.set(key, window);
    }
    if (window.used >= max) throw tooManyRequests((window.start + timeWindowMs - now) / 1000);
    window.used += 1;
  };
};
