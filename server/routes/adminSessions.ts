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
import type { Database } from '../db/client';
import { getSession, listSessions } from '../services/sessions';

/**
 * /api/admin/sessions (spec 7): the paged list of summaries and one full session.
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
      const session = await getSession(db, request.params.sessionId);
      if (request.query.entries !== 'compact') return { success: true as const, data: session };
      const entries = compactEntries(session.transcripts, session.sentimentAnalysis.entries);
      return { success: true as const, data: { ...session, sentimentAnalysis: { ...session.sentimentAnalysis, entries } } };
    },
  );
};
