import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callSettingsPutBodySchema,
  callSettingsResponseSchema,
  markFailedBodySchema,
  markFailedResponseSchema,
} from '../../src/contract/callEnd';
import { sessionIdParamsSchema } from '../../src/contract/sessions';
import type { Database } from '../db/client';
import { markSessionFailed } from '../services/abandonedCalls';
import { readCallSettings, updateCallSettings } from '../services/callSettings';
import { summaryOf } from '../services/sessions';

/** docs/api.md "Calls that never finished": the silence after which a call is abandoned, and an admin's Mark as failed. */
export const callEndRoutes: FastifyPluginAsyncZod<{ db: Database; abandonAfterMinutes: number }> = async (
  app,
  { db, abandonAfterMinutes },
) => {
  app.get('/admin/call-settings', { schema: { response: { 200: callSettingsResponseSchema } } }, async () => ({
    success: true as const,
    data: await readCallSettings(db, abandonAfterMinutes),
  }));

  app.put(
    '/admin/call-settings',
    { schema: { body: callSettingsPutBodySchema, response: { 200: callSettingsResponseSchema } } },
    async (request) => ({ success: true as const, data: await updateCallSettings(db, request.admin, request.body, abandonAfterMinutes) }),
  );

  app.post(
    '/admin/sessions/:sessionId/fail',
    {
      schema: { params: sessionIdParamsSchema, body: markFailedBodySchema, response: { 200: markFailedResponseSchema } },
      config: {
        errorAnswers: {
          409: 'CONFLICT: the call is no longer in progress. VERSION_CONFLICT: events came in after `lastEventAt`.',
        },
      },
    },
    async (request) => {
      const row = await markSessionFailed(db, request.admin, request.params.sessionId, request.body.lastEventAt);
      return {
        success: true as const,
        data: { ...(await summaryOf(db, row)), failureReason: row.failureReason, lastEventAt: row.lastEventAt.toISOString() },
      };
    },
  );
};
