import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, ERROR_CODES, healthResponseSchema, readinessResponseSchema } from '../../src/contract/common';
import type { Database } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/client';
import { ApiHttpError } from '../errors';
import { createReadinessCheck } from '../services/readiness';

/** Liveness checks nothing; readiness checks the database and its migrations. Both public (docs/security.md). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/health', { config: { public: true }, schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  const readiness = createReadinessCheck(db, MIGRATIONS_FOLDER);
  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        response: {
          200: readinessResponseSchema,
          503: apiErrorSchema.describe('NOT_READY: the database does not answer, or lacks a migration (the message says which)'),
        },
      },
    },
    async (request) => {
      const state = await readiness();
      if (!state.ready) {
        request.log.warn({ event: 'health.not_ready', reason: state.reason, err: state.cause }, 'not ready');
        throw new ApiHttpError(503, ERROR_CODES.notReady, state.reason);
      }
      return { status: 'ready' as const, migrations: state.migrations };
    },
  );
};
