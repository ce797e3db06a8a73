import { z } from 'zod';
import { versionSchema } from './common';
import { FAILURE_REASONS, sessionSummarySchema } from './sessions';

/** A call with no event for this long is abandoned (docs/api.md "Calls that never finished"). */
export const CALL_SETTINGS_DEFAULTS = { abandonAfterMinutes: 30 } as const;
export const ABANDON_AFTER_BOUNDS = { min: 1, max: 1440 } as const;

const abandonAfterMinutes = z.number().int().min(ABANDON_AFTER_BOUNDS.min).max(ABANDON_AFTER_BOUNDS.max);

export const callSettingsSchema = z.object({ abandonAfterMinutes }).strict();
export type CallSettings = z.infer<typeof callSettingsSchema> & { version?: number };

export const callSettingsPutBodySchema = callSettingsSchema.extend({ version: versionSchema.optional() }).strict();
/** Version 0 until the first save; `defaultMinutes` is the server's (CALLS_ABANDON_AFTER_MINUTES). */
export const callSettingsDataSchema = callSettingsSchema.extend({ version: z.number().int(), defaultMinutes: z.number().int() });
export type CallSettingsData = z.infer<typeof callSettingsDataSchema>;
export const callSettingsResponseSchema = z.object({ success: z.literal(true), data: callSettingsDataSchema });

/** Text, so the field can be cleared. */
export const callSettingsFormSchema = z
  .object({ abandonAfterMinutes: z.string().trim().min(1).transform(Number).pipe(abandonAfterMinutes) })
  .strict();
export type CallSettingsFormValues = z.input<typeof callSettingsFormSchema>;

export const CALL_END_MESSAGES = {
  notInProgress: 'This call is no longer in progress, so it was not marked failed. Reload to see how it ended.',
  newEvents: 'New events of this call came in since you opened it, so it was not marked failed. Reload to see them.',
} as const;

/** `lastEventAt` as the admin saw it: a call that heard from the assistant since is not marked failed. */
export const markFailedBodySchema = z.object({ lastEventAt: z.iso.datetime().optional() }).strict();
export const markFailedResponseSchema = z.object({
  success: z.literal(true),
  data: sessionSummarySchema.extend({ failureReason: z.enum(FAILURE_REASONS).nullable(), lastEventAt: z.string() }),
});
