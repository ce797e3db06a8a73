import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
    { schema: { params: sessionIdParamsSchema, response: { 200: sessionDetailResponseSchema } }, config: { readCache: true } },
    async (request) => ({ success: true as const, data: await getSession(db, request.params.sessionId) }),
  );
};
