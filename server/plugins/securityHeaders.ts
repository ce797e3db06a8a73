import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** /runtime-config.js is revalidated instead (spa.ts). */
const isNoStorePath = (url: string) => url.startsWith('/api/') || url === '/api';

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

export const identityHostsFor = (authEmulatorUrl: string | null): string[] =>
  authEmulatorUrl ? [authEmulatorUrl] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

export const installSecurityHeaders = async (app: FastifyInstance, options: { identityHosts: string[] }): Promise<void> => {
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
};
