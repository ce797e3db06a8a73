import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compactSessionDetailResponseSchema,
  sessionDetailQuerySchema,
  sessionDetailResponseSchema,
  sessionIdParamsSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
} from '../../src/contract/sessions';
import { repSessionsEraseQuerySchema, sessionErasureResponseSchema } from '../../src/contract/sessionErasure';
import type { Database } from '../db/client';
import { compiledSerializer } from '../plugins/compiledSerializer';
import { eraseRepSessions, eraseSession } from '../services/sessionErasure';
import { getSessionDetail } from '../services/sessionDetail';
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

  // The compact answer's schema admits the full one too (an entry's transcript is optional there, and
  // written when present): one serializer for both, where the union's would try each branch on every row.
  const detailAnswer = compiledSerializer({ schema: compactSessionDetailResponseSchema });
  app.get(
    '/admin/sessions/:sessionId',
    {
      schema: {
        params: sessionIdParamsSchema,
        querystring: sessionDetailQuerySchema,
        response: { 200: z.union([sessionDetailResponseSchema, compactSessionDetailResponseSchema]) },
      },
      config: { readCache: true },
      serializerCompiler: (route) => (route.httpStatus === '200' ? detailAnswer : compiledSerializer(route)),
    },
    async (request) => ({
      success: true as const,
      data: await getSessionDetail(db, request.params.sessionId, { compact: request.query.entries === 'compact', log: request.log }),
    }),
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
