import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { speechRatePreviewBodySchema, speechRatePreviewResponseSchema } from '../../src/contract/speechRatePreview';
import type { Database } from '../db/client';
import { previewSpeechRate } from '../services/speechRatePreview';

/** Nothing is saved, so nothing is audited. */
export const speechRatePreviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/speech-rate/preview',
    { schema: { body: speechRatePreviewBodySchema, response: { 200: speechRatePreviewResponseSchema } } },
    async (request) => ({ success: true as const, data: await previewSpeechRate(db, request.body) }),
  );
};
