import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../src/contract/common';

/** GET /api/health: the only public route (docs/security.md). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { public: true }, schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));
};
