import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../src/contract/common';
import { insightRepParamsSchema, insightRepQuerySchema, insightRepResponseSchema } from '../../src/contract/insightRep';
import type { Database } from '../db/client';
import { insightRepPage } from '../services/insights/repPage';

/** docs/insights.md "A rep's page". Never in the read cache, as the other insights. */
export const insightRepRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/insights/reps/:rep',
    {
      schema: {
        summary: "A rep's page",
        description:
          "One rep's figures with their flags and weeks beside the team's medians; the objections they face and the landmines they trigger per 100 of their calls beside the team's rate; the customer's sentiment change after their answers beside the team's. The query's `rep` is ignored: the path names the rep (matched case aside).",
        params: insightRepParamsSchema,
        querystring: insightRepQuerySchema,
        response: {
          200: insightRepResponseSchema,
          400: apiErrorSchema.describe('VALIDATION_ERROR: the query names no valid period or range (details name the field)'),
        },
      },
    },
    async (request) => ({ success: true as const, data: await insightRepPage(db, request.query, request.params.rep) }),
  );
};
