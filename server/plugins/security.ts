import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/contract/common';
import { ApiHttpError } from './errors';

export interface RateLimitOptions {
  /** Requests per IP per window (pick: 600 a minute, far above what one admin's portal sends). */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/** Paths never to be cached by a browser or proxy: API answers and the runtime configuration. */
const isNoStorePath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/runtime-config.js');

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
 * and a per-IP rate limit that runs before authentication (its hook is added to each route
 * ahead of the auth hook, since this is installed first).
 */
export const installSecurity = async (
  app: FastifyInstance,
  options: { identityHosts: string[]; rateLimit: RateLimitOptions | false },
): Promise<void> => {
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
  if (options.rateLimit) {
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit.max,
      timeWindow: options.rateLimit.timeWindowMs,
      errorResponseBuilder: (_request, context) =>
        new ApiHttpError(429, ERROR_CODES.rateLimited, `Too many requests. Retry in ${context.after}.`),
    });
  }
};

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
