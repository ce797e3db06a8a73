import { z } from 'zod';
import { dictIdSchema } from './dictionary';

/** docs/api.md "Bulk work" */
export const BULK_MAX = 100;

const bulkIds = z
  .array(dictIdSchema)
  .min(1, 'Select at least one row')
  .max(BULK_MAX, `At most ${BULK_MAX} rows at once`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'An id is repeated')
  // For the OpenAPI document: ids are compared ignoring case.
  .meta({ uniqueItems: true, 'x-unique-ignoring-case': true });

export const dictionaryBulkDeleteSchema = z.object({ ids: bulkIds }).strict();
export type DictionaryBulkDelete = z.infer<typeof dictionaryBulkDeleteSchema>;

export const LANDMINE_BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type LandmineBulkAction = (typeof LANDMINE_BULK_ACTIONS)[number];

export const landmineBulkSchema = z.object({ action: z.enum(LANDMINE_BULK_ACTIONS), ids: bulkIds }).strict();
export type LandmineBulk = z.infer<typeof landmineBulkSchema>;

/** Changed rows get one audit row each; the others write nothing. */
export const bulkOutcomeSchema = z.object({
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  missing: z.array(z.string()),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;
export const bulkResponseSchema = z.object({ success: z.literal(true), data: bulkOutcomeSchema });
