import { z } from 'zod';
import { speechRateSettingsSchema } from './speechRate';

export const SPEECH_RATE_PREVIEW_SESSIONS = 50;

export const speechRatePreviewBodySchema = speechRateSettingsSchema;

export const speechRatePreviewSchema = z.object({
  sessions: z.number().int(),
  alerts: z.number().int(),
  currentAlerts: z.number().int(),
  sessionsWithAlerts: z.number().int(),
  currentSessionsWithAlerts: z.number().int(),
  current: speechRateSettingsSchema,
});
export type SpeechRatePreview = z.infer<typeof speechRatePreviewSchema>;

export const speechRatePreviewResponseSchema = z.object({ success: z.literal(true), data: speechRatePreviewSchema });
