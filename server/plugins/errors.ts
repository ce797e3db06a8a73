import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '../../src/contract/common';
import { ApiHttpError } from '../errors';

const CODES_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ERROR_CODES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERROR_CODES.unsupportedMediaType,
};

const CODES_BY_STATUS: Record<number, string> = {
  401: ERROR_CODES.notAuthenticated,
  403: ERROR_CODES.notAdmin,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

const fieldPath = (context: string | undefined, instancePath: string) =>
  [context, ...instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');

/** Every error body names its request (plugins/requestId.ts), so an admin can quote it. */
export const sendError = (reply: FastifyReply, status: number, body: Omit<ApiError, 'requestId'>) => {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(status).send({ ...body, requestId: String(reply.request.id) } satisfies ApiError);
};

const handleError = (error: FastifyError | ApiHttpError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof ApiHttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, { error: error.code, message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: fieldPath(error.validationContext, issue.instancePath),
      message: issue.message ?? 'Invalid value',
    }));
    const summary = details.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; ');
    return sendError(reply, 400, { error: ERROR_CODES.validation, message: `Invalid request. ${summary}`, details });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return sendError(reply, 400, {
      error: ERROR_CODES.badRequest,
      message: 'The request body is not valid JSON, or contains a forbidden key such as __proto__.',
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (error.code && CODES_BY_FASTIFY_CODE[error.code]) ?? CODES_BY_STATUS[status] ?? ERROR_CODES.badRequest;
    return sendError(reply, status, { error: code, message: error.message || 'Bad request' });
  }
  // A client that closed its connection is no failure of the server's.
  if (request.raw.socket?.destroyed) {
    request.log.info({ err: error }, 'the client closed the request before its answer');
    return reply.hijack();
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, { error: ERROR_CODES.internal, message: 'Internal server error' });
};

/** docs/api.md "Errors": { error, message } on 4xx, a generic body on 5xx. */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler(handleError);

  // A bodyless POST/PATCH/DELETE may carry a JSON content type: an empty body is "no body", not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // A repeated query key is ambiguous: refuse it rather than pick one.
  app.addHook('preValidation', async (request) => {
    const query = request.query;
    if (typeof query !== 'object' || query === null) return;
    const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
    if (repeated) {
      throw new ApiHttpError(400, ERROR_CODES.validation, `Query parameter "${repeated[0]}" must not be repeated`);
    }
  });
};

/** Fastify's refusals before a route is found, in the API's shape. */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? sendError(reply, 414, { error: ERROR_CODES.uriTooLong, message: 'A path parameter is too long (at most 100 characters).' })
    : sendError(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, {
        error: ERROR_CODES.badRequest,
        message: 'The URL is not valid: a part of it does not decode as UTF-8 text.',
      });

/** Node's HTTP parser's refusals, written on the socket as it closes (no request id: there is no request). */
export const clientErrorHandler = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, Omit<ApiError, 'requestId'>] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { error: ERROR_CODES.headersTooLarge, message: 'The request line and headers are too large (at most 16 KB).' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { error: ERROR_CODES.requestTimeout, message: 'The request took too long to arrive.' }]
        : [400, { error: ERROR_CODES.badRequest, message: 'The request is not valid HTTP.' }];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
};

/**
 * Fastify's `return503OnClosing` answers in another shape: keep-alive requests reaching a closing server get 503
 * SHUTTING_DOWN with `Connection: close`, so the client retries on a running server.
 */
export const installShutdownRefusal = (app: FastifyInstance): void => {
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!stopping) return done();
    reply.header('Connection', 'close').header('Retry-After', '1');
    void sendError(reply, 503, { error: ERROR_CODES.shuttingDown, message: 'This server is stopping. Try again in a moment.' });
  });
};

export const installJsonNotFound = (scope: FastifyInstance): void => {
  scope.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, { error: ERROR_CODES.notFound, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
};
