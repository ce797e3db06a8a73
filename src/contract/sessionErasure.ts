import { z } from 'zod';
import { sessionInsightFilterSchema } from './insights';

/**
 * Erasing call sessions (docs/api.md "Erasing sessions"): DELETE /api/admin/sessions/{sessionId}
 * erases one session, DELETE /api/admin/sessions?rep= every session of one rep (the Sessions
 * list's rep filter: the email whole, in any case). Both answer the session ids erased.
 */
export const repSessionsEraseQuerySchema = z.object({ rep: sessionInsightFilterSchema.rep.unwrap() });
export type RepSessionsEraseQuery = z.infer<typeof repSessionsEraseQuerySchema>;

export const sessionErasureSchema = z.object({
  /** How many sessions were erased. */
  erased: z.number().int().min(0),
  /** Their session ids. */
  sessionIds: z.array(z.string()),
});
export type SessionErasure = z.infer<typeof sessionErasureSchema>;

export const sessionErasureResponseSchema = z.object({ success: z.literal(true), data: sessionErasureSchema });
