import { z } from 'zod';
import { canSayPointSchema, cannotSayPointSchema, LANDMINE_PRIORITIES } from './landmines';
import { matchingRuleSchema } from './matching';
import { speechRateSettingsSchema } from './speechRate';

/**
 * The configuration snapshot the assistant reads (docs/api.md "Assistant API"):
 * GET /api/assistant/config (scope config:read), and the version admins see,
 * GET /api/admin/config-version.
 */

/** A stored embedding; null while the item is Pending (spec 5). */
export const configEmbeddingSchema = z
  .object({
    /** The embedding model's id, e.g. "local-hashed-bow-256" or "text-embedding-3-small". */
    model: z.string(),
    dimensions: z.number().int().min(1),
    vector: z.array(z.number()),
  })
  .nullable();
export type ConfigEmbedding = z.infer<typeof configEmbeddingSchema>;

export const configVariationSchema = z.object({
  _id: z.string(),
  question: z.string(),
  category: z.string(),
  embedding: configEmbeddingSchema,
});

/** An original objection or FAQ with its variations (a variation's answer is its original's). */
export const configItemSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  embedding: configEmbeddingSchema,
  variations: z.array(configVariationSchema),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

/** An active landmine with everything the assistant uses to warn the salesperson. */
export const configLandmineSchema = z.object({
  _id: z.string(),
  trigger: z.string(),
  triggerVariations: z.array(z.string()),
  category: z.string(),
  priority: z.enum(LANDMINE_PRIORITIES),
  canSay: z.array(canSayPointSchema),
  cannotSay: z.array(cannotSayPointSchema),
  quickTips: z.string(),
  updatedAt: z.string(),
});
export type ConfigLandmine = z.infer<typeof configLandmineSchema>;

export const assistantConfigSchema = z.object({
  /** Grows with every change to anything below, in the same transaction. */
  version: z.number().int(),
  generatedAt: z.string(),
  objections: z.array(configItemSchema),
  faqs: z.array(configItemSchema),
  landmines: z.array(configLandmineSchema),
  speechRate: speechRateSettingsSchema,
  /**
   * What fires (docs/matching.md): embed what the customer says with `matching.model`, score
   * each item by the best of its question and variations of that model, and fire the best item
   * when it reaches `threshold` and leads the runner-up by `margin`; a landmine from `threshold`.
   */
  matching: matchingRuleSchema,
});
export type AssistantConfig = z.infer<typeof assistantConfigSchema>;

export const assistantConfigResponseSchema = z.object({ success: z.literal(true), data: assistantConfigSchema });

/** GET /api/admin/config-version: the current version and when it last changed. */
export const configVersionSchema = z.object({ version: z.number().int(), updatedAt: z.string() });
export type ConfigVersionInfo = z.infer<typeof configVersionSchema>;
export const configVersionResponseSchema = z.object({ success: z.literal(true), data: configVersionSchema });
