import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryMatchBodySchema, dictionaryMatchResponseSchema } from '../../src/contract/dictionaryMatch';
import type { Database } from '../db/client';
import { createDictionaryMatcher } from '../services/dictionaryMatch';
import type { EmbeddingProvider } from '../services/embeddings';

/**
 * POST /api/dictionary/match (docs/api.md "Test a phrase"): which objections, FAQs and landmines
 * a phrase would fire, best first. The provider is the one that computes the stored embeddings
 * (server.ts gives the same one to the embedding worker), so the phrase and the vectors share a space.
 */
export const dictionaryMatchRoutes: FastifyPluginAsyncZod<{ db: Database; provider: EmbeddingProvider }> = async (
  app,
  { db, provider },
) => {
  const matcher = createDictionaryMatcher(db, provider);
  app.post(
    '/dictionary/match',
    { schema: { body: dictionaryMatchBodySchema, response: { 200: dictionaryMatchResponseSchema } } },
    async (request) => ({ success: true as const, data: await matcher.match(request.body, request.log) }),
  );
};
