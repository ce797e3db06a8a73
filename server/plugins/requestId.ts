import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's default `requestIdLogLabel`. */
export const REQUEST_ID_LOG_FIELD = 'reqId';

/** Short and of a plain charset, so it cannot break a log line or a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._:=-]{1,128}$/;

/** Only a proxy in TRUST_PROXY may hand on its id; a client cannot choose its own. */
export const requestIdGenerator = (trustProxy: false | string[]): ((request: IncomingMessage) => string) => {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : null;
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    if (trusted && peer && typeof sent === 'string' && ACCEPTED_ID.test(sent) && trusted(peer, 0)) return sent;
    return randomUUID();
  };
};

/** Whatever answers it: a route, a hook, a not-found or an error handler. */
export const installRequestId = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
};
