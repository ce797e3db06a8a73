import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryItemResponseSchema } from '../../src/contract/dictionary';
import {
  variationSuggestionActionResponseSchema,
  variationSuggestionParamsSchema,
  variationSuggestionsResponseSchema,
} from '../../src/contract/variationSuggestions';
import type { Database } from '../db/client';
import { findItem, toWireItem } from '../services/dictionary';
import { acceptSuggestion, dismissSuggestion, listSuggestions } from '../services/variations/suggestions';

/** docs/api.md "Suggested variations": what calls said that the dictionary nearly recognised. */
export const variationSuggestionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/dictionary/suggestions', { schema: { response: { 200: variationSuggestionsResponseSchema } } }, async () => ({
    success: true as const,
    data: await listSuggestions(db),
  }));

  app.post(
    '/dictionary/suggestions/:id/add',
    {
      schema: { params: variationSuggestionParamsSchema, response: { 201: dictionaryItemResponseSchema } },
      config: { errorAnswers: { 404: 'NOT_FOUND: the suggestion was added or dismissed already.' } },
    },
    async (request, reply) => {
      const added = await acceptSuggestion(db, request.admin, request.params.id);
      return reply.code(201).send({ success: true as const, data: toWireItem(await findItem(db, added.kind, added.id)) });
    },
  );

  app.post(
    '/dictionary/suggestions/:id/dismiss',
    {
      schema: { params: variationSuggestionParamsSchema, response: { 200: variationSuggestionActionResponseSchema } },
      config: { errorAnswers: { 404: 'NOT_FOUND: the suggestion was added or dismissed already.' } },
    },
    async (request) => {
      await dismissSuggestion(db, request.admin, request.params.id);
      return { success: true as const };
    },
  );
};
