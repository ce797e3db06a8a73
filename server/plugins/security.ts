import helmet from '@fastify/helmet';
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

/** Paths never to be cached by a browser or proxy: API answers (/runtime-config.js is revalidated: spa.ts). */
const isNoStorePath = (url: string) => url.startsWith('/api/') || url === '/api';

/** The SPA document's CSP: scripts only from us, network only to us and the identity hosts. */
export const contentSecurityPolicy = (identityHosts: string[]) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...identityHosts],
});

/**
 * Security headers (helmet: nosniff, HSTS, referrer policy, the CSP), no-store on the API,
 * and the rate limiter (@fastify/rate-limit, the one implementation): nothing is limited by
 * default, so the portal's files, /runtime-config.js and health never are (docs/security.md);
 * the auth hook counts API requests per verified uid, or per address when they do not
 * authenticate, and routes may add a stricter per-admin `config.rateLimit`.
 * Returns the two limiters for the auth hook (null when limits are off).
 */
export const installSecurity = async (
  app: FastifyInstance,
  options: { identityHosts: string[]; rateLimit: RateLimitOptions | false },
): Promise<{ perUser: RequestLimiter; perAddress: RequestLimiter } | null> => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.identityHosts) },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isNoStorePath(request.url)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  if (!options.rateLimit) return null;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
  return {
    perUser: createLimiter(app, options.rateLimit),
    perAddress: createLimiter(app, {
      max: Math.max(1, Math.floor(options.rateLimit.max / UNAUTHENTICATED_SHARE)),
      timeWindowMs: options.rateLimit.timeWindowMs,
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

/** Identity hosts the portal talks to: the emulator when used, else Google's endpoints. */
export const identityHostsFor = (authEmulatorUrl: string | null): string[] =>
  authEmulatorUrl ? [authEmulatorUrl] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/** pino redaction: tokens and passwords never reach the logs. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'newPassword',
  '*.password',
  '*.newPassword',
  'body.password',
  'body.newPassword',
];
