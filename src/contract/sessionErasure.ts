import { z } from 'zod';
import { sessionInsightFilterSchema } from './insights';

/** docs/api.md "Erasing sessions": the rep's email whole, in any case. */
export const repSessionsEraseQuerySchema = z.object({ rep: sessionInsightFilterSchema.rep.unwrap() });
export type RepSessionsEraseQuery = z.infer<typeof repSessionsEraseQuerySchema>;

export const sessionErasureSchema = z.object({
  erased: z.number().int().min(0),
  sessionIds: z.array(z.string()),
});
export type SessionErasure = z.infer<typeof sessionErasureSchema>;

export const sessionErasureResponseSchema = z.object({ success: z.literal(true), data: sessionErasureSchema });
