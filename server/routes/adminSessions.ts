import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compactEntries,
  compactSessionDetailResponseSchema,
  sessionDetailQuerySchema,
  sessionDetailResponseSchema,
  sessionIdParamsSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
} from '../../src/contract/sessions';
import { repSessionsEraseQuerySchema, sessionErasureResponseSchema } from '../../src/contract/sessionErasure';
import type { Database } from '../db/client';
import { eraseRepSessions, eraseSession } from '../services/sessionErasure';
import { getSession, listSessions } from '../services/sessions';

/**
 * /api/admin/sessions (spec 7): the paged list of summaries and one full session; erasing one
 * session or every session of one rep (services/sessionErasure.ts, docs/api.md "Erasing sessions").
 * The auth hook (plugins/auth.ts) has already refused everyone but active admins
 * (401 NOT_AUTHENTICATED, 403 NOT_ADMIN).
 */
export const adminSessionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/sessions',
    { schema: { querystring: sessionListQuerySchema, response: { 200: sessionListResponseSchema } }, config: { readCache: true } },
    async (request) => listSessions(db, request.query),
  );

  app.get(
    '/admin/sessions/:sessionId',
    {
      schema: {
        params: sessionIdParamsSchema,
        querystring: sessionDetailQuerySchema,
        response: { 200: z.union([sessionDetailResponseSchema, compactSessionDetailResponseSchema]) },
      },
      config: { readCache: true },
      // The schema documents the answer; checking a long call's 10 000 entries against it again on
      // every read cost more than building them. getSession writes every field by name, and
      // tests/api/sessions.test.ts holds the answer to the schema on both databases.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const session = await getSession(db, request.params.sessionId, request.log);
      if (request.query.entries !== 'compact') return { success: true as const, data: session };
      const entries = compactEntries(session.transcripts, session.sentimentAnalysis.entries);
      return { success: true as const, data: { ...session, sentimentAnalysis: { ...session.sentimentAnalysis, entries } } };
    },
  );

  app.delete(
    '/admin/sessions/:sessionId',
    { schema: { params: sessionIdParamsSchema, response: { 200: sessionErasureResponseSchema } } },
    async (request) => {
      const sessionIds = await eraseSession(db, request.admin, request.params.sessionId);
      return { success: true as const, data: { erased: sessionIds.length, sessionIds } };
    },
  );

  // The rep is required: a DELETE without one is a 400, never an erasure of every session.
  app.delete(
    '/admin/sessions',
    { schema: { querystring: repSessionsEraseQuerySchema, response: { 200: sessionErasureResponseSchema } } },
    async (request) => {
      const sessionIds = await eraseRepSessions(db, request.admin, request.query.rep);
      return { success: true as const, data: { erased: sessionIds.length, sessionIds } };
    },
  );
};
