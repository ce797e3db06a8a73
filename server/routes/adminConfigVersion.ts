import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configVersionResponseSchema } from '../../src/contract/assistant';
import type { Database } from '../db/client';
import { readConfigVersion } from '../services/configVersion';

export const adminConfigVersionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/admin/config-version', { schema: { response: { 200: configVersionResponseSchema } } }, async () => {
    const { version, updatedAt } = await readConfigVersion(db);
    return { success: true as const, data: { version, updatedAt: updatedAt.toISOString() } };
  });
};
