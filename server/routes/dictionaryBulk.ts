import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkResponseSchema, dictionaryBulkDeleteSchema, landmineBulkSchema } from '../../src/contract/bulk';
import { DICTIONARY_KINDS } from '../../src/contract/dictionary';
import type { Database } from '../db/client';
import { KIND_BY_PATH } from '../services/dictionary';
import { bulkDeleteItems, bulkLandmines } from '../services/dictionaryBulk';

/** docs/api.md "Bulk work" */
export const dictionaryBulkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  for (const path of DICTIONARY_KINDS) {
    app.post(
      `/dictionary/${path}/bulk-delete`,
      { schema: { body: dictionaryBulkDeleteSchema, response: { 200: bulkResponseSchema } } },
      async (request) => ({ success: true as const, data: await bulkDeleteItems(db, request.admin, KIND_BY_PATH[path], request.body.ids) }),
    );
  }

  app.post('/landmines/bulk', { schema: { body: landmineBulkSchema, response: { 200: bulkResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await bulkLandmines(db, request.admin, request.body.action, request.body.ids),
  }));
};
