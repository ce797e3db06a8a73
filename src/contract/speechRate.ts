import { z } from 'zod';

/** spec 9: speech-rate defaults and bounds. */
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
export type SpeechRateSettings = z.infer<typeof speechRateSettingsSchema>;

export const speechRateGetResponseSchema = z.object({ success: z.literal(true), data: speechRateSettingsSchema });
export const speechRatePutResponseSchema = z.object({ success: z.literal(true), data: speechRateSettingsSchema });
