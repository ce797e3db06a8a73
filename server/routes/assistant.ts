import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantConfigResponseSchema } from '../../src/contract/assistant';
import {
  ingestCompleteResponseSchema,
  ingestCompleteSchema,
  ingestEventsResponseSchema,
  ingestEventsSchema,
  ingestSessionCreateSchema,
  ingestSessionParamsSchema,
  ingestSessionResponseSchema,
} from '../../src/contract/assistantSessions';
import type { Database } from '../db/client';
import { readAssistantConfig } from '../services/assistantConfig';
import { readConfigVersion } from '../services/configVersion';
import { appendEvents, completeIngestSession, createIngestSession } from '../services/sessionIngest';

/** A strong validator per configuration version. */
const etagOf = (version: number) => `"config-${version}"`;

/** If-None-Match holds the tag (or `*`); weak tags compare by their opaque part (RFC 9110 13.1.2). */
const matchesAny = (header: string, etag: string) =>
  header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });

/**
 * /api/assistant/* (docs/api.md "Assistant API"): what a service key may call.
 * The assistant auth hook (plugins/assistantAuth.ts) has checked the key and `config.scope`.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{ db: Database; model: string }> = async (app, { db, model }) => {
  app.get(
    '/assistant/config',
    {
      config: { scope: 'config:read' },
      schema: {
        response: {
          200: assistantConfigResponseSchema,
          304: z.null().describe('Not modified: the If-None-Match tag is the current version'),
        },
      },
    },
    async (request, reply) => {
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch) {
        const etag = etagOf((await readConfigVersion(db)).version);
        if (matchesAny(ifNoneMatch, etag)) return reply.code(304).header('ETag', etag).send(null);
      }
      const config = await readAssistantConfig(db, model);
      return reply.header('ETag', etagOf(config.version)).send({ success: true as const, data: config });
    },
  );

  app.post(
    '/assistant/sessions',
    { config: { scope: 'sessions:write' }, schema: { body: ingestSessionCreateSchema, response: { 201: ingestSessionResponseSchema } } },
    async (request, reply) => reply.code(201).send({ success: true as const, data: await createIngestSession(db, request.body) }),
  );

  app.post(
    '/assistant/sessions/:sessionId/events',
    {
      config: { scope: 'sessions:write' },
      schema: { params: ingestSessionParamsSchema, body: ingestEventsSchema, response: { 200: ingestEventsResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await appendEvents(db, request.params.sessionId, request.body.events) }),
  );

  app.post(
    '/assistant/sessions/:sessionId/complete',
    {
      config: { scope: 'sessions:write' },
      schema: { params: ingestSessionParamsSchema, body: ingestCompleteSchema, response: { 200: ingestCompleteResponseSchema } },
    },
    async (request) => ({ success: true as const, data: await completeIngestSession(db, request.params.sessionId, request.body) }),
  );
};
