import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { speechRateGetResponseSchema, speechRatePutBodySchema, speechRatePutResponseSchema } from '../../src/contract/speechRate';
import type { Database } from '../db/client';
import { readVersionedSpeechRate, updateSpeechRate } from '../services/speechRate';

/** spec 7; every change audited. */
export const speechRateRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/speech-rate', { schema: { response: { 200: speechRateGetResponseSchema } } }, async () => ({
    success: true as const,
    data: await readVersionedSpeechRate(db),
  }));

  app.put(
    '/speech-rate',
    { schema: { body: speechRatePutBodySchema, response: { 200: speechRatePutResponseSchema } } },
    async (request) => ({ success: true as const, data: await updateSpeechRate(db, request.admin, request.body) }),
  );
};
