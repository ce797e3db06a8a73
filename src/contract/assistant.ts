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

/** docs/assistant-api.md "Deltas": what changed since `since`, each entry whole; removals by id. */
export const assistantConfigDeltaSchema = assistantConfigSchema.extend({
  since: z.number().int(),
  removed: z.object({
    objections: z.array(z.string()),
    faqs: z.array(z.string()),
    landmines: z.array(z.string()),
    battlecards: z.array(z.string()),
  }),
});
export type AssistantConfigDelta = z.infer<typeof assistantConfigDeltaSchema>;
export const assistantConfigQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional().describe('The version the assistant holds: answers what changed since'),
});
/** The whole snapshot, or a delta when the server still knows the version asked `since`. */
export const assistantConfigAnswerSchema = z.object({
  success: z.literal(true),
  data: z.union([assistantConfigDeltaSchema, assistantConfigSchema]),
});

/** The lists a delta carries, each keyed by the entries' id field. */
export const CONFIG_LISTS = ['objections', 'faqs', 'landmines', 'battlecards'] as const;
export type ConfigList = (typeof CONFIG_LISTS)[number];
/** Items and landmines are keyed by `_id`, battlecards by `id`. */
export const configEntryId = (entry: { _id: string } | { id: string }) => ('_id' in entry ? entry._id : entry.id);

/** The assistant's side: a delta applied to the configuration it holds gives the whole one of the delta's version. */
export const applyConfigDelta = (held: AssistantConfig, delta: AssistantConfigDelta): AssistantConfig => {
  if (delta.since !== held.version) throw new Error(`a delta since ${delta.since} applies to version ${delta.since}, not ${held.version}`);
  const merged = Object.fromEntries(
    CONFIG_LISTS.map((list) => {
      const changed = new Map<string, { _id: string } | { id: string }>(delta[list].map((entry) => [configEntryId(entry), entry]));
      const gone = new Set(delta.removed[list]);
      const kept = (held[list] as ({ _id: string } | { id: string })[])
        .filter((entry) => !gone.has(configEntryId(entry)))
        .map((entry) => changed.get(configEntryId(entry)) ?? entry);
      const known = new Set(kept.map(configEntryId));
      // New entries first, as the whole snapshot lists the newest first; the order carries no meaning.
      return [list, [...[...changed.values()].filter((entry) => !known.has(configEntryId(entry))), ...kept]];
    }),
  ) as Pick<AssistantConfig, ConfigList>;
  return {
    ...held,
    ...merged,
    version: delta.version,
    generatedAt: delta.generatedAt,
    speechRate: delta.speechRate,
    matching: delta.matching,
  };
};

export const configVersionSchema = z.object({ version: z.number().int(), updatedAt: z.string() });
export type ConfigVersionInfo = z.infer<typeof configVersionSchema>;
export const configVersionResponseSchema = z.object({ success: z.literal(true), data: configVersionSchema });
