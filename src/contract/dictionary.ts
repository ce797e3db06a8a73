import { z } from 'zod';
import { LIMITS, pageQuerySchema, safeText, versionSchema } from './common';

/** spec 2-9: variations are other phrasings of an original's question and share its answer. */
export const DICTIONARY_KINDS = ['objections', 'faqs'] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** docs/security.md pick: 1-10; the portal asks for 3. */
export const GENERATED_VARIATIONS = { min: 1, max: 10, default: 3 } as const;
/** spec 5 */
export const AI_GENERATED_CATEGORY = 'AI Generated';
export const DEFAULT_ORIGINAL_CATEGORY = 'Original';
export const DEFAULT_VARIATION_CATEGORY = 'Variation';

export const dictRequiredText = (max: number) => safeText(z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`));
export const dictOptionalText = (max: number) => safeText(z.string().trim().max(max, `At most ${max} characters`));

/** PostgreSQL uuids: 8-4-4-4-12 hex digits, whatever their version bits. */
export const dictIdSchema = z.guid('Not a valid id');

/** A parentId makes it a variation. */
export const dictionaryItemCreateSchema = z
  .object({
    question: dictRequiredText(LIMITS.question),
    answer: dictRequiredText(LIMITS.answer),
    category: dictOptionalText(LIMITS.name).optional(),
    isOriginal: z.boolean().optional(),
    parentId: dictIdSchema.nullable().optional(),
  })
  .strict();
export type DictionaryItemCreate = z.infer<typeof dictionaryItemCreateSchema>;

/** A variation's answer is always its original's (the value sent is ignored). */
export const dictionaryItemUpdateSchema = z
  .object({
    question: dictRequiredText(LIMITS.question),
    answer: dictRequiredText(LIMITS.answer),
    category: dictOptionalText(LIMITS.name).optional(),
    isOriginal: z.boolean().optional(),
    version: versionSchema.optional(),
  })
  .strict();
export type DictionaryItemUpdate = z.infer<typeof dictionaryItemUpdateSchema>;

export const variationCreateSchema = z
  .object({
    question: dictRequiredText(LIMITS.question),
    category: dictOptionalText(LIMITS.name).optional(),
  })
  .strict();
export type VariationCreate = z.infer<typeof variationCreateSchema>;

export const generateVariationsSchema = z
  .object({ count: z.number().int().min(GENERATED_VARIATIONS.min).max(GENERATED_VARIATIONS.max) })
  .strict();
export type GenerateVariations = z.infer<typeof generateVariationsSchema>;

/** Paging counts originals; search covers question, answer and variation questions. */
export const groupedQuerySchema = pageQuerySchema.extend({
  category: dictOptionalText(LIMITS.name).optional(),
  search: dictOptionalText(LIMITS.search).optional(),
});
export type GroupedQuery = z.infer<typeof groupedQuerySchema>;

export const dictionaryParamsSchema = z.object({ id: dictIdSchema });

export const variationSummarySchema = z.object({
  _id: z.string(),
  question: z.string(),
  category: z.string(),
  needsEmbedding: z.boolean(),
  version: z.number().int().optional(),
});
export type VariationSummary = z.infer<typeof variationSummarySchema>;

export const dictionaryItemSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  isOriginal: z.boolean(),
  parentId: z.string().nullable(),
  needsEmbedding: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().optional(),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const groupedItemSchema = dictionaryItemSchema.extend({ variations: z.array(variationSummarySchema) });
export type GroupedItem = z.infer<typeof groupedItemSchema>;

export const dictionaryPaginationSchema = z.object({
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DictionaryPagination = z.infer<typeof dictionaryPaginationSchema>;

export const groupedObjectionsResponseSchema = z.object({
  success: z.literal(true),
  objections: z.array(groupedItemSchema),
  pagination: dictionaryPaginationSchema,
});
export const groupedFaqsResponseSchema = z.object({
  success: z.literal(true),
  faqs: z.array(groupedItemSchema),
  pagination: dictionaryPaginationSchema,
});
export const dictionaryItemResponseSchema = z.object({ success: z.literal(true), data: dictionaryItemSchema });
export const dictionarySuccessResponseSchema = z.object({ success: z.literal(true) });
export const generateVariationsResponseSchema = z.object({ success: z.literal(true), variations: z.array(z.string()) });

export const GENERATION_FAILED = 'GENERATION_FAILED';
