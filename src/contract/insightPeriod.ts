import { z } from 'zod';

/** The period every Insights answer covers, its previous period and its weeks. */
export const insightPeriodRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Oldest first (the trend charts' x axis). */
  weeks: z.array(z.string()),
});
export type InsightPeriodRange = z.infer<typeof insightPeriodRangeSchema>;

/** Per week in the order of `weeks`. */
export const insightPeriodCallsSchema = z.object({
  calls: z.number().int(),
  previousCalls: z.number().int(),
  weeklyCalls: z.array(z.number().int()),
});
export type InsightPeriodCalls = z.infer<typeof insightPeriodCallsSchema>;

export const insightPeriodSchema = insightPeriodRangeSchema.extend(insightPeriodCallsSchema.shape);
export type InsightPeriodWithCalls = z.infer<typeof insightPeriodSchema>;
