import type { z } from 'zod';
import type {
  InsightsQueryInput,
  insightAnswersResponseSchema,
  insightFiltersResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightRepsResponseSchema,
} from '@/contract/insights';
import type { HttpClient } from './httpClient';

/** Each insights endpoint (GET /api/insights/<section>) and the envelope it answers. */
interface InsightResponses {
  items: typeof insightItemsResponseSchema;
  inquiries: typeof insightInquiriesResponseSchema;
  answers: typeof insightAnswersResponseSchema;
  reps: typeof insightRepsResponseSchema;
  landmines: typeof insightLandminesResponseSchema;
  filters: typeof insightFiltersResponseSchema;
}

export type InsightSection = keyof InsightResponses;
export type InsightData<S extends InsightSection> = z.infer<InsightResponses[S]>['data'];

/**
 * The schemas, fetched with the first insights request: only the Insights page asks, and it
 * carries them in its own chunk, so the admin shell (where the dataProvider lives) does not.
 */
const responseSchemas = async (): Promise<InsightResponses> => {
  const contract = await import('@/contract/insights');
  return {
    items: contract.insightItemsResponseSchema,
    inquiries: contract.insightInquiriesResponseSchema,
    answers: contract.insightAnswersResponseSchema,
    reps: contract.insightRepsResponseSchema,
    landmines: contract.insightLandminesResponseSchema,
    filters: contract.insightFiltersResponseSchema,
  };
};

/** The query an insights request sends: a period or a from/to range, and the rep and status filters when set. */
export const insightsQueryString = ({ period, from, to, rep, status }: InsightsQueryInput): Record<string, string | undefined> =>
  from !== undefined && to !== undefined ? { from, to, rep, status } : { period, rep, status };

/** What names one insights read: its section and the query it sends (dataProvider/firstRead.ts takes early answers by it). */
export const insightsReadKey = (section: InsightSection, query: InsightsQueryInput): string =>
  JSON.stringify(['insights', section, insightsQueryString(query)]);

/**
 * GET /api/insights/<section>: the answer read by the contract's schema, so a reply of another
 * shape fails like a failed request instead of showing as empty figures.
 */
export const createInsightsApi = (http: HttpClient) => ({
  getInsights: async <S extends InsightSection>(section: S, query: InsightsQueryInput = {}): Promise<InsightData<S>> => {
    const [body, schemas] = await Promise.all([
      http.request(`/insights/${section}`, { query: insightsQueryString(query) }),
      responseSchemas(),
    ]);
    return schemas[section].parse(body).data as InsightData<S>;
  },
});
