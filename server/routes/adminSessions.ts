import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compactSessionDetailResponseSchema,
  sessionDetailQuerySchema,
  sessionDetailResponseSchema,
  sessionIdParamsSchema,
  type SessionDetailResponse,
  sessionListQuerySchema,
  sessionListResponseSchema,
} from '../../src/contract/sessions';
import { repSessionsEraseQuerySchema, sessionErasureResponseSchema } from '../../src/contract/sessionErasure';
import type { Database } from '../db/client';
import { compiledSerializer } from '../plugins/compiledSerializer';
import { eraseRepSessions, eraseSession } from '../services/sessionErasure';
import { getSessionAnswer } from '../services/sessionDetail';
import { listSessions } from '../services/sessions';

/**
 * /api/admin/sessions (spec 7): the paged list of summaries and one full session; erasing one
 * session or every session of one rep (services/sessionErasure.ts, docs/api.md "Erasing sessions").
 * The auth hook (plugins/auth.ts) has already refused everyone but active admins
 * (401 NOT_AUTHENTICATED, 403 NOT_ADMIN).
 */
export const adminSessionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/sessions',
    {
      schema: { querystring: sessionListQuerySchema, response: { 200: sessionListResponseSchema } },
      config: { readCache: true },
      serializerCompiler: compiledSerializer,
    },
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
      // The answer is JSON text the database wrote (services/sessionDetail.ts getSessionAnswer): the
      // schema documents it, and tests/api/sessions.test.ts holds it to the schema on both
      // databases. Set before the read, as a request that joins a running read (plugins/readCache.ts)
      // sends its text without running this handler.
      onRequest: async (_request, reply) => {
        reply.type('application/json; charset=utf-8');
      },
    },
    async (request) => {
      const answer = await getSessionAnswer(db, request.params.sessionId, {
        compact: request.query.entries === 'compact',
        log: request.log,
      });
      // Text is sent as it is; the type provider knows the answer by the object it documents.
      return answer as unknown as SessionDetailResponse;
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
