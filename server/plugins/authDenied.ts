import type { FastifyRequest } from 'fastify';

/**
 * An `auth.denied` line's fields: who asked (the client's address) and the path without its
 * query string, which may carry emails (a list's search, an erasure's rep).
 */
export const deniedFields = (request: FastifyRequest, reason: string) => ({
  event: 'auth.denied',
  reason,
  ip: request.ip,
  method: request.method,
  url: request.url.split('?', 1)[0],
});
