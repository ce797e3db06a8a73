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

/**
 * Sends an error body; every one names its request (plugins/requestId.ts), so an admin can
 * quote it and an operator find its log lines. Not-found handlers use it too.
 */
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
  // A client that closed its connection is not a failure of the server's, and nothing can reach it.
  if (request.raw.socket?.destroyed) {
    request.log.info({ err: error }, 'the client closed the request before its answer');
    return reply.hijack();
  }
  // 5xx: the details stay in the log; the client gets the request id to quote.
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, { error: ERROR_CODES.internal, message: 'Internal server error' });
};

/**
 * One error handler for the whole server ({ error, message } on 4xx, a generic body on 5xx),
 * the JSON body parser, and request-shape rules that hold for every route.
 */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler(handleError);

  // Bodyless POST/PATCH/DELETE are sent with or without a JSON content type: an empty
  // body is "no body", not a parse error. The API speaks JSON only (anything else: 415).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // A repeated query key (?a=1&a=2) is ambiguous: refuse it rather than pick one.
  app.addHook('preValidation', async (request) => {
    const query = request.query;
    if (typeof query !== 'object' || query === null) return;
    const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
    if (repeated) {
      throw new ApiHttpError(400, ERROR_CODES.validation, `Query parameter "${repeated[0]}" must not be repeated`);
    }
  });
};

/**
 * Fastify's refusals before a route is found (its `frameworkErrors` option), in the API's shape:
 * a path parameter over the router's maxParamLength is 414, a URL that does not decode is 400.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? sendError(reply, 414, { error: ERROR_CODES.uriTooLong, message: 'A path parameter is too long (at most 100 characters).' })
    : sendError(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, {
        error: ERROR_CODES.badRequest,
        message: 'The URL is not valid: a part of it does not decode as UTF-8 text.',
      });

/**
 * What Node's HTTP parser refuses before any request exists (Fastify's `clientErrorHandler`
 * option): headers and request line over 16 KB (431), a client too slow to send its request
 * (408), anything else that is not HTTP (400). Written on the socket as it closes, in the API's
 * `{ error, message }` shape (no request id: there is no request).
 */
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
 * Requests that arrive while the server stops (Fastify's `return503OnClosing` is off, since its
 * own answer is not the API's shape): keep-alive and pipelined requests still reach a closing
 * server after it stopped accepting connections, and each gets 503 SHUTTING_DOWN with its
 * request id and `Connection: close`, so the client retries on another connection, which a
 * load balancer sends to a server that is running. Requests already running finish.
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

/** The JSON 404 for unknown paths under the scope it is installed in (/api). */
export const installJsonNotFound = (scope: FastifyInstance): void => {
  scope.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, { error: ERROR_CODES.notFound, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );
};
