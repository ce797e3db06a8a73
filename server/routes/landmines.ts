import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  landmineCreateSchema,
  landmineDeleteResponseSchema,
  landmineListQuerySchema,
  landmineListResponseSchema,
  landmineParamsSchema,
  landmineResponseSchema,
  landmineUpdateSchema,
} from '../../src/contract/landmines';
import { deleteVersionQuerySchema } from '../../src/contract/deleteVersion';
import type { Database } from '../db/client';
import { repairLandmine } from '../services/contractRepair';
import { createLandmine, deleteLandmine, listLandmines, toggleLandmine, updateLandmine } from '../services/landmines';

/** spec 7 */
export const landmineRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/landmines',
    { schema: { querystring: landmineListQuerySchema, response: { 200: landmineListResponseSchema } } },
    async (request) => ({
      success: true as const,
      landmines: (await listLandmines(db, request.query)).map((landmine) => repairLandmine(landmine, request.log)),
    }),
  );

  app.post('/landmines', { schema: { body: landmineCreateSchema, response: { 201: landmineResponseSchema } } }, async (request, reply) => {
    const landmine = await createLandmine(db, request.admin, request.body);
    return reply.code(201).send({ success: true as const, landmine });
  });

  app.put(
    '/landmines/:id',
    { schema: { params: landmineParamsSchema, body: landmineUpdateSchema, response: { 200: landmineResponseSchema } } },
    async (request) => ({ success: true as const, landmine: await updateLandmine(db, request.admin, request.params.id, request.body) }),
  );

  app.delete(
    '/landmines/:id',
    { schema: { params: landmineParamsSchema, querystring: deleteVersionQuerySchema, response: { 200: landmineDeleteResponseSchema } } },
    async (request) => {
      await deleteLandmine(db, request.admin, request.params.id, request.query.version);
      return { success: true as const };
    },
  );

  app.patch(
    '/landmines/:id/toggle-status',
    { schema: { params: landmineParamsSchema, response: { 200: landmineResponseSchema } } },
    async (request) => ({ success: true as const, landmine: await toggleLandmine(db, request.admin, request.params.id) }),
  );
};
