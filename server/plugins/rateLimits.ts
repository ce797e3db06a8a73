import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import { ApiHttpError } from '../errors';

export interface RateLimitOptions {
  /**
   * API requests per signed-in user per window (pick: 600 a minute, far above what one
   * admin's portal sends: a screen makes a handful of API calls and no asset is counted).
   */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/**
 * Calls per service key (pick): an assistant streams several calls at once, each sending a
 * batch of events every second or two, so 20 live calls are about 1,200 calls a minute.
 */
export const ASSISTANT_RATE_LIMIT: RateLimitOptions = { max: 6_000, timeWindowMs: 60_000 };

/**
 * Requests that do not authenticate, per client address, are allowed a fifth of the per-user
 * budget: a signed-out portal sends a few, an attacker guessing tokens many.
 */
const UNAUTHENTICATED_SHARE = 5;

/** Counts one request against `key`; throws the 429 when the key is over its budget. */
export type RequestLimiter = (request: FastifyRequest, key: string) => Promise<void>;

/** 429 with the wait in words and in Retry-After (the portal shows the message as it is). */
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
  // The key is decided by the caller (a verified uid is known only after authentication).
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ max, timeWindow: timeWindowMs, keyGenerator: (request) => keys.get(request) ?? request.ip });
  return async (request, key) => {
    keys.set(request, key);
    const verdict = await check(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw tooManyRequests(verdict.ttlInSeconds);
  };
};

/**
 * The rate limiter (@fastify/rate-limit, the one implementation): nothing is limited by
 * default, so the portal's files, /runtime-config.js and health never are (docs/security.md);
 * the auth hook counts API requests per verified uid, or per address when they do not
 * authenticate, and routes may add a stricter per-admin `config.rateLimit` (perAdminRateLimit).
 * Returns the two limiters for the auth hook; null when limits are off (the plugin is then not
 * registered, so routes' `config.rateLimit` is ignored).
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

/** A stricter per-admin limit for one route (runs after authentication, keyed by uid). */
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
