import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryMatchBodySchema, dictionaryMatchResponseSchema, MATCH_FAILED } from '../../src/contract/dictionaryMatch';
import {
  CALIBRATION_PENDING,
  matchingCalibrateResponseSchema,
  matchingPutBodySchema,
  matchingSettingsResponseSchema,
} from '../../src/contract/matching';
import type { Database } from '../db/client';
import { battlecardsNamedIn } from '../services/battlecardMentions';
import { createDictionaryMatcher } from '../services/matching/dictionaryMatch';
import { createLandmineVectors } from '../services/matching/landmineVectors';
import type { EmbeddingProvider } from '../services/matching/embeddings';
import { recalibrate } from '../services/matching/calibration';
import { readLabelledPhrases } from '../services/phraseLabels';
import { readMatchingSettings, updateMatchingThreshold } from '../services/matching/settings';

/**
 * POST /api/dictionary/match (docs/api.md "Test a phrase"): which objections, FAQs and landmines
 * a phrase would fire, best first, and the competitor battlecards it names. The provider is the one that computes the stored embeddings
 * (server.ts gives the same one to the embedding worker), so the phrase and the vectors share a space.
 * GET/PUT /api/dictionary/matching and POST /api/dictionary/matching/calibrate: the model's
 * threshold, its calibration and an admin's adjustment (docs/matching.md).
 */
export const dictionaryMatchRoutes: FastifyPluginAsyncZod<{ db: Database; provider: EmbeddingProvider }> = async (
  app,
  { db, provider },
) => {
  const landmines = createLandmineVectors(db, provider);
  const matcher = createDictionaryMatcher(db, provider, landmines);
  const sources = { landmines: () => landmines.read(), labels: () => readLabelledPhrases(db, provider) };
  app.post(
    '/dictionary/match',
    {
      schema: { body: dictionaryMatchBodySchema, response: { 200: dictionaryMatchResponseSchema } },
      config: { errorAnswers: { 502: `${MATCH_FAILED}: the phrase could not be embedded right now.` } },
    },
    async (request) => ({
      success: true as const,
      data: { ...(await matcher.match(request.body, request.log)), battlecards: await battlecardsNamedIn(db, request.body.text) },
    }),
  );

  app.get('/dictionary/matching', { schema: { response: { 200: matchingSettingsResponseSchema } } }, async () => ({
    success: true as const,
    data: await readMatchingSettings(db, provider.model),
  }));

  app.put(
    '/dictionary/matching',
    { schema: { body: matchingPutBodySchema, response: { 200: matchingSettingsResponseSchema } } },
    async (request) => ({ success: true as const, data: await updateMatchingThreshold(db, request.admin, provider.model, request.body) }),
  );

  app.post(
    '/dictionary/matching/calibrate',
    {
      schema: { response: { 200: matchingCalibrateResponseSchema } },
      config: { errorAnswers: { 409: `${CALIBRATION_PENDING}: some embeddings are not Ready yet.` } },
    },
    async (request) => ({ success: true as const, data: await recalibrate(db, provider.model, request.admin, sources) }),
  );
};
