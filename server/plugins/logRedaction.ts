import type { FastifyRequest } from 'fastify';

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

export const LOG_REDACTION = { paths: LOG_REDACT_PATHS, censor: '[redacted]' };

/**
 * Fastify's request line without the query string's values, which carry emails and search words (a list's search,
 * an erasure's rep): the path and the parameters' names only.
 */
export const serializeRequest = (request: FastifyRequest) => {
  const [path, query] = request.url.split('?', 2);
  const parameters = query === undefined ? [] : [...new Set(new URLSearchParams(query).keys())];
  return {
    method: request.method,
    url: path,
    ...(parameters.length > 0 ? { queryParameters: parameters } : {}),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
};
