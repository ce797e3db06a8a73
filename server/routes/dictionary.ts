import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DICTIONARY_KINDS,
  dictionaryItemCreateSchema,
  dictionaryItemResponseSchema,
  dictionaryItemUpdateSchema,
  dictionaryParamsSchema,
  dictionarySuccessResponseSchema,
  generateVariationsResponseSchema,
  generateVariationsSchema,
  groupedFaqsResponseSchema,
  groupedObjectionsResponseSchema,
  groupedQuerySchema,
  GENERATION_FAILED,
  variationCreateSchema,
} from '../../src/contract/dictionary';
import { deleteVersionQuerySchema } from '../../src/contract/deleteVersion';
import type { Database } from '../db/client';
import { perAdminRateLimit, type RateLimitOptions } from '../plugins/rateLimits';
import { createItem, createVariation, KIND_BY_PATH, listGrouped, updateItem } from '../services/dictionary';
import { deleteItem } from '../services/dictionaryDelete';
import { generateVariations } from '../services/generateVariations';
import type { VariationGenerator } from '../services/variations';

export interface DictionaryRoutesOptions {
  db: Database;
  generator: VariationGenerator;
  generationRateLimit: RateLimitOptions | false;
}

/** spec 7; generated variations are not saved: the portal saves the ones the admin keeps. */
export const dictionaryRoutes: FastifyPluginAsyncZod<DictionaryRoutesOptions> = async (app, { db, generator, generationRateLimit }) => {
  // One budget per admin across objections and FAQs.
  const generationLimit = perAdminRateLimit('generate-variations', generationRateLimit);

  for (const path of DICTIONARY_KINDS) {
    const kind = KIND_BY_PATH[path];
    const base = `/dictionary/${path}`;

    app.get(
      `${base}/grouped`,
      {
        schema: {
          querystring: groupedQuerySchema,
          response: { 200: path === 'objections' ? groupedObjectionsResponseSchema : groupedFaqsResponseSchema },
        },
      },
      async (request) => {
        const { items, pagination } = await listGrouped(db, kind, request.query);
        return { success: true as const, [path]: items, pagination } as never;
      },
    );

    app.post(
      base,
      {
        schema: { body: dictionaryItemCreateSchema, response: { 201: dictionaryItemResponseSchema } },
        config: { errorAnswers: { 404: 'NOT_FOUND: parentId names no item of this kind.' } },
      },
      async (request, reply) => {
        const data = await createItem(db, request.admin, kind, request.body);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    app.put(
      `${base}/:id`,
      { schema: { params: dictionaryParamsSchema, body: dictionaryItemUpdateSchema, response: { 200: dictionaryItemResponseSchema } } },
      async (request) => ({ success: true as const, data: await updateItem(db, request.admin, kind, request.params.id, request.body) }),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          params: dictionaryParamsSchema,
          querystring: deleteVersionQuerySchema,
          response: { 200: dictionarySuccessResponseSchema },
        },
      },
      async (request) => {
        await deleteItem(db, request.admin, kind, request.params.id, request.query.version);
        return { success: true as const };
      },
    );

    app.post(
      `${base}/:id/variations`,
      { schema: { params: dictionaryParamsSchema, body: variationCreateSchema, response: { 201: dictionaryItemResponseSchema } } },
      async (request, reply) => {
        const data = await createVariation(db, request.admin, kind, request.params.id, request.body);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    app.post(
      `${base}/:id/generate-variations`,
      {
        schema: { params: dictionaryParamsSchema, body: generateVariationsSchema, response: { 200: generateVariationsResponseSchema } },
        config: { ...generationLimit, errorAnswers: { 502: `${GENERATION_FAILED}: the generator failed or found no new variation.` } },
      },
      async (request) => ({
        success: true as const,
        variations: await generateVariations({ db, generator }, kind, request.params.id, request.body.count, request.log),
      }),
    );
  }
};
