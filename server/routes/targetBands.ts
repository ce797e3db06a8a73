import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { targetBandsPutBodySchema, targetBandsResponseSchema } from '../../src/contract/targetBands';
import type { Database } from '../db/client';
import { readTargetBands, updateTargetBands } from '../services/targetBands';

/** docs/insights.md "Target bands": the ranges each rep's figures are flagged against; every change audited. */
export const targetBandsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/target-bands',
    {
      schema: {
        summary: 'Target bands of the rep figures',
        description: 'The bands in use (the defaults until an admin saves others, version 0), and the defaults.',
        response: { 200: targetBandsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await readTargetBands(db) }),
  );

  app.put(
    '/admin/target-bands',
    {
      schema: {
        summary: 'Set the target bands',
        description: "Each figure's min and max (null: open end; min <= max); the Insights flags use them from the next read.",
        body: targetBandsPutBodySchema,
        response: { 200: targetBandsResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await updateTargetBands(db, request.admin, request.body) }),
  );
};
