import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/** The header that carries a request's id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The field of a request's id on each of its log lines: Fastify's default `requestIdLogLabel`. */
export const REQUEST_ID_LOG_FIELD = 'reqId';

/**
 * An id a proxy may hand on: a UUID, a trace id such as AWS's "Root=1-...", a hex string. Short
 * and of a plain charset, so it cannot break a log line or a header, nor fill the logs.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id a trusted proxy sent in X-Request-Id (TRUST_PROXY lists the
 * proxies; the connection must come from one of them), so one id follows a request through the
 * proxy's logs and ours; otherwise a new UUID. A client cannot choose its own id, nor one that
 * is long or unusual.
 */
export const requestIdGenerator = (trustProxy: false | string[]): ((request: IncomingMessage) => string) => {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : null;
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    if (trusted && peer && typeof sent === 'string' && ACCEPTED_ID.test(sent) && trusted(peer, 0)) return sent;
    return randomUUID();
  };
};

/** Every answer carries its request's id (X-Request-Id), whatever answers it: a route, a hook, a not-found or an error handler. */
export const installRequestId = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
};
