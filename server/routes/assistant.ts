import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantConfigAnswerSchema, assistantConfigQuerySchema } from '../../src/contract/assistant';
import {
  ingestCompleteResponseSchema,
  ingestCompleteSchema,
  ingestEventsResponseSchema,
  ingestEventsSchema,
  ingestSessionCreateSchema,
  ingestSessionParamsSchema,
  ingestSessionResponseSchema,
  INGEST_MESSAGES,
} from '../../src/contract/assistantSessions';
import { createCostLimit, type RateLimitOptions } from '../plugins/rateLimits';
import type { Database, WriteGeneration } from '../db/client';
import { ApiHttpError } from '../errors';
import { configEncodingFor, createConfigAnswers } from '../services/assistantConfigAnswer';
import { createConfigVersionReader } from '../services/configVersion';
import { appendEvents, completeIngestSession, createIngestSession } from '../services/sessionIngest';

const etagOf = (version: number) => `"config-${version}"`;

/** Weak tags compare by their opaque part (RFC 9110 13.1.2). */
const matchesAny = (header: string, etag: string) =>
  header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });

/** docs/api.md "Assistant API"; plugins/assistantAuth.ts has checked the key and `config.scope`. */
export const assistantRoutes: FastifyPluginAsyncZod<{
  db: Database;
  writes: WriteGeneration | null;
  model: string;
  wholeConfigLimit: RateLimitOptions | false;
}> = async (app, { db, writes, model, wholeConfigLimit }) => {
  const wholeAnswer = wholeConfigLimit ? createCostLimit(wholeConfigLimit) : () => {};
  const configAnswers = createConfigAnswers(db, model);
  const readConfigVersion = createConfigVersionReader(db, writes);
  app.get(
    '/assistant/config',
    {
      config: { scope: 'config:read' },
      schema: {
        querystring: assistantConfigQuerySchema,
        response: {
          200: assistantConfigAnswerSchema,
          304: z.null().describe('Not modified: the If-None-Match tag is the current version'),
        },
      },
    },
    async (request, reply) => {
      const { version } = await readConfigVersion();
      const ifNoneMatch = request.headers['if-none-match'];
      // No payload: a serialised `null` would announce four bytes that never come, and a keep-alive client waits for them.
      if (ifNoneMatch && matchesAny(ifNoneMatch, etagOf(version)))
        return (reply as FastifyReply).code(304).header('ETag', etagOf(version)).send();
      // Already serialised and compressed (services/assistantConfigAnswer.ts): neither runs again.
      const answer = await configAnswers.answer(version, configEncodingFor(request.headers['accept-encoding']), request.query.since);
      // A whole answer costs its hundreds of kilobytes however often it is asked: counted per key (docs/security.md "Service keys").
      if (answer.whole) wholeAnswer(request.apiKey.id);
      reply.header('ETag', etagOf(answer.version)).header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      if (answer.encoding !== 'identity') reply.header('Content-Encoding', answer.encoding);
      return (reply as FastifyReply).send(answer.body);
    },
  );

  app.post(
    '/assistant/sessions',
    {
      config: { scope: 'sessions:write', errorAnswers: { 409: `CONFLICT: ${INGEST_MESSAGES.sessionExists}` } },
      schema: { body: ingestSessionCreateSchema, response: { 201: ingestSessionResponseSchema } },
    },
    async (request, reply) => reply.code(201).send({ success: true as const, data: await createIngestSession(db, request.body) }),
  );

  app.post(
    '/assistant/sessions/:sessionId/events',
    {
      config: { scope: 'sessions:write', errorAnswers: { 409: `CONFLICT: ${INGEST_MESSAGES.sessionCompleted}` } },
      schema: { params: ingestSessionParamsSchema, body: ingestEventsSchema, response: { 200: ingestEventsResponseSchema } },
    },
    async (request) => {
      const { events } = request.body;
      try {
        const outcome = await appendEvents(db, request.params.sessionId, events);
        app.metrics.countIngestEvents('accepted', outcome.accepted);
        app.metrics.countIngestEvents('duplicate', outcome.duplicates);
        return { success: true as const, data: outcome };
      } catch (error) {
        if (error instanceof ApiHttpError) app.metrics.countIngestEvents('refused', events.length);
        throw error;
      }
    },
  );

  app.post(
    '/assistant/sessions/:sessionId/complete',
    {
      config: { scope: 'sessions:write', errorAnswers: { 409: `CONFLICT: ${INGEST_MESSAGES.completedDifferently}` } },
      schema: { params: ingestSessionParamsSchema, body: ingestCompleteSchema, response: { 200: ingestCompleteResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await completeIngestSession(db, request.params.sessionId, request.body) }),
  );
};
