import { z } from 'zod';
import { LIMITS, queryBoolean, versionSchema } from './common';
import { dictIdSchema, dictOptionalText, dictRequiredText } from './dictionary';

export const LANDMINE_PRIORITIES = ['high', 'medium', 'low'] as const;
export type LandminePriority = (typeof LANDMINE_PRIORITIES)[number];
export const LANDMINE_SEVERITIES = ['general', 'legal_risk', 'compliance_risk', 'brand_risk'] as const;
export type LandmineSeverity = (typeof LANDMINE_SEVERITIES)[number];
/** spec 5 */
export const LANDMINE_DEFAULTS = { priority: 'medium', isActive: true, severity: 'general' } as const;

const POINT_MAX = LIMITS.question;

const canSayInput = z.object({ point: dictOptionalText(POINT_MAX), context: dictOptionalText(POINT_MAX).optional() }).strict();
const cannotSayInput = z
  .object({
    point: dictOptionalText(POINT_MAX),
    reason: dictOptionalText(POINT_MAX).optional(),
    severity: z.enum(LANDMINE_SEVERITIES).default(LANDMINE_DEFAULTS.severity),
  })
  .strict();

/** spec 6: blank entries are dropped. */
const triggerVariationsInput = z
  .array(dictOptionalText(LIMITS.trigger))
  .max(LIMITS.listItems, `At most ${LIMITS.listItems} items`)
  .transform((list) => list.filter((item) => item !== ''));
const canSayListInput = z
  .array(canSayInput)
  .max(LIMITS.listItems, `At most ${LIMITS.listItems} items`)
  .transform((list) => list.filter((item) => item.point !== '').map(({ point, context }) => (context ? { point, context } : { point })));
const cannotSayListInput = z
  .array(cannotSayInput)
  .max(LIMITS.listItems, `At most ${LIMITS.listItems} items`)
  .transform((list) =>
    list
      .filter((item) => item.point !== '')
      .map(({ point, reason, severity }) => (reason ? { point, reason, severity } : { point, severity })),
  );

export const landmineCreateSchema = z
  .object({
    trigger: dictRequiredText(LIMITS.trigger),
    category: dictRequiredText(LIMITS.name),
    triggerVariations: triggerVariationsInput.default([]),
    priority: z.enum(LANDMINE_PRIORITIES).default(LANDMINE_DEFAULTS.priority),
    canSay: canSayListInput.default([]),
    cannotSay: cannotSayListInput.default([]),
    quickTips: dictOptionalText(LIMITS.answer).default(''),
    isActive: z.boolean().default(LANDMINE_DEFAULTS.isActive),
  })
  .strict();
export type LandmineCreate = z.infer<typeof landmineCreateSchema>;
export type LandmineCreateInput = z.input<typeof landmineCreateSchema>;

/** Fields left out keep their value. */
export const landmineUpdateSchema = z
  .object({
    trigger: dictRequiredText(LIMITS.trigger),
    category: dictRequiredText(LIMITS.name),
    triggerVariations: triggerVariationsInput.optional(),
    priority: z.enum(LANDMINE_PRIORITIES).optional(),
    canSay: canSayListInput.optional(),
    cannotSay: cannotSayListInput.optional(),
    quickTips: dictOptionalText(LIMITS.answer).optional(),
    isActive: z.boolean().optional(),
    version: versionSchema.optional(),
  })
  .strict();
export type LandmineUpdate = z.infer<typeof landmineUpdateSchema>;

export const landmineListQuerySchema = z.object({
  category: dictOptionalText(LIMITS.name).optional(),
  priority: z.enum(LANDMINE_PRIORITIES).optional(),
  isActive: queryBoolean.optional(),
  /** Case-insensitive over trigger, category, quick tips and trigger variations. */
  search: dictOptionalText(LIMITS.search).optional(),
});
export type LandmineListQuery = z.infer<typeof landmineListQuerySchema>;

export const landmineParamsSchema = z.object({ id: dictIdSchema });

export const canSayPointSchema = z.object({ point: z.string(), context: z.string().optional() });
export type CanSayPoint = z.infer<typeof canSayPointSchema>;
export const cannotSayPointSchema = z.object({ point: z.string(), reason: z.string().optional(), severity: z.enum(LANDMINE_SEVERITIES) });
export type CannotSayPoint = z.infer<typeof cannotSayPointSchema>;

export const landmineSchema = z.object({
  _id: z.string(),
  trigger: z.string(),
  triggerVariations: z.array(z.string()),
  category: z.string(),
  priority: z.enum(LANDMINE_PRIORITIES),
  canSay: z.array(canSayPointSchema),
  cannotSay: z.array(cannotSayPointSchema),
  quickTips: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().optional(),
});
export type Landmine = z.infer<typeof landmineSchema>;

export const landmineListResponseSchema = z.object({ success: z.literal(true), landmines: z.array(landmineSchema) });
export const landmineResponseSchema = z.object({ success: z.literal(true), landmine: landmineSchema });
export const landmineDeleteResponseSchema = z.object({ success: z.literal(true) });
