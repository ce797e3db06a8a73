import { z } from 'zod';
import { canSayPointSchema, cannotSayPointSchema, LANDMINE_PRIORITIES } from './landmines';
import { matchingRuleSchema } from './matching';
import { speechRateSettingsSchema } from './speechRate';

/** docs/api.md "Assistant API" */
/** null while the item is Pending (spec 5). docs/assistant-api.md "Vectors": value i = int8[i] x scale. */
export const configEmbeddingSchema = z
  .object({
    model: z.string(),
    dimensions: z.number().int().min(1),
    scale: z.number().positive(),
    int8: z.string().describe('base64 of `dimensions` signed bytes'),
  })
  .nullable();
export type ConfigEmbedding = z.infer<typeof configEmbeddingSchema>;

export const configVariationSchema = z.object({
  _id: z.string(),
  question: z.string(),
  category: z.string(),
  embedding: configEmbeddingSchema,
});

/** A variation's answer is its original's. */
export const configItemSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  embedding: configEmbeddingSchema,
  variations: z.array(configVariationSchema),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

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

/** An active competitor battlecard: shown when a customer names the competitor (by its name or another). */
export const configBattlecardSchema = z.object({
  id: z.string(),
  name: z.string(),
  otherNames: z.array(z.string()),
  talkTrack: z.string(),
  proofPoints: z.array(z.string()),
});
export type ConfigBattlecard = z.infer<typeof configBattlecardSchema>;

export const assistantConfigSchema = z.object({
  /** Grows with every change to anything below, in the same transaction. */
  version: z.number().int(),
  generatedAt: z.string(),
  objections: z.array(configItemSchema),
  faqs: z.array(configItemSchema),
  landmines: z.array(configLandmineSchema),
  battlecards: z.array(configBattlecardSchema),
  speechRate: speechRateSettingsSchema,
  /** docs/matching.md "The rule" */
  matching: matchingRuleSchema,
});
export type AssistantConfig = z.infer<typeof assistantConfigSchema>;

export const assistantConfigResponseSchema = z.object({ success: z.literal(true), data: assistantConfigSchema });

export const configVersionSchema = z.object({ version: z.number().int(), updatedAt: z.string() });
export type ConfigVersionInfo = z.infer<typeof configVersionSchema>;
export const configVersionResponseSchema = z.object({ success: z.literal(true), data: configVersionSchema });
