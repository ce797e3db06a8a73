import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreateResponseSchema,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
} from '../../src/contract/apiKeys';
import type { Database } from '../db/client';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../services/apiKeys';
import { repairApiKey } from '../services/contractRepair';

/** Every key at once: a resource with paging 'all'. */
export const adminApiKeysRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/admin/api-keys',
    { schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreateResponseSchema } } },
    async (request, reply) => reply.code(201).send({ success: true as const, data: await createApiKey(db, request.admin, request.body) }),
  );

  app.get('/admin/api-keys', { schema: { response: { 200: apiKeyListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: (await listApiKeys(db)).map((key) => repairApiKey(key, request.log)),
  }));

  app.get(
    '/admin/api-keys/:id',
    { schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeyResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: repairApiKey(await getApiKey(db, request.params.id), request.log),
    }),
  );

  app.delete(
    '/admin/api-keys/:id',
    { schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeyResponseSchema } } },
    async (request) => ({ success: true as const, data: await revokeApiKey(db, request.admin, request.params.id) }),
  );
};
