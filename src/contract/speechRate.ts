import { z } from 'zod';
import { versionSchema } from './common';

/** spec 9 */
export const SPEECH_RATE_DEFAULTS = { enabled: true, time_window: 30, max_words: 150 } as const;
export const SPEECH_RATE_BOUNDS = {
  time_window: { min: 1, max: 120 },
  max_words: { min: 1, max: 500 },
} as const;

export const speechRateSettingsSchema = z
  .object({
    enabled: z.boolean(),
    time_window: z.number().int().min(SPEECH_RATE_BOUNDS.time_window.min).max(SPEECH_RATE_BOUNDS.time_window.max),
    max_words: z.number().int().min(SPEECH_RATE_BOUNDS.max_words.min).max(SPEECH_RATE_BOUNDS.max_words.max),
  })
  .strict();
export type SpeechRateSettings = z.infer<typeof speechRateSettingsSchema> & { version?: number };

export const speechRatePutBodySchema = speechRateSettingsSchema.extend({ version: versionSchema.optional() }).strict();
/** Version 0 until the first save. */
export const speechRateDataSchema = speechRateSettingsSchema.extend({ version: z.number().int() });

/** Text, so the field can be cleared. */
const typedNumber = (rule: z.ZodNumber) => z.string().trim().min(1).transform(Number).pipe(rule);

export const speechRateFormSchema = z
  .object({
    enabled: z.boolean(),
    time_window: typedNumber(speechRateSettingsSchema.shape.time_window),
    max_words: typedNumber(speechRateSettingsSchema.shape.max_words),
  })
  .strict();
export type SpeechRateFormValues = z.input<typeof speechRateFormSchema>;

export const speechRateGetResponseSchema = z.object({ success: z.literal(true), data: speechRateDataSchema });
export const speechRatePutResponseSchema = z.object({ success: z.literal(true), data: speechRateDataSchema });
