import { z } from 'zod';
import { speechRateSettingsSchema } from './speechRate';

/** The what-if replays the speech-rate rule over this many most recent completed sessions. */
export const SPEECH_RATE_PREVIEW_SESSIONS = 50;

/** POST /speech-rate/preview: the settings being considered (the same rules as PUT /speech-rate). */
export const speechRatePreviewBodySchema = speechRateSettingsSchema;

export const speechRatePreviewSchema = z.object({
  /** Completed sessions replayed (at most SPEECH_RATE_PREVIEW_SESSIONS, most recent first). */
  sessions: z.number().int(),
  /** Alerts the proposed settings would have raised on them. */
  alerts: z.number().int(),
  /** Alerts the saved settings raise on the same sessions. */
  currentAlerts: z.number().int(),
  /** Sessions with at least one alert, proposed and saved. */
  sessionsWithAlerts: z.number().int(),
  currentSessionsWithAlerts: z.number().int(),
  current: speechRateSettingsSchema,
});
export type SpeechRatePreview = z.infer<typeof speechRatePreviewSchema>;

export const speechRatePreviewResponseSchema = z.object({ success: z.literal(true), data: speechRatePreviewSchema });
