import type { z } from 'zod';
import type {
  InquiryAddedAs,
  InsightsQueryInput,
  insightAnswersResponseSchema,
  insightCompetitorsResponseSchema,
  insightFiltersResponseSchema,
  insightInquiriesResponseSchema,
  insightItemsResponseSchema,
  insightLandminesResponseSchema,
  insightRepsResponseSchema,
} from '@/contract/insights';
import type { InsightRepPage } from '@/contract/insightRep';
import type { HttpClient } from './httpClient';

interface InsightResponses {
  items: typeof insightItemsResponseSchema;
  inquiries: typeof insightInquiriesResponseSchema;
  answers: typeof insightAnswersResponseSchema;
  reps: typeof insightRepsResponseSchema;
  landmines: typeof insightLandminesResponseSchema;
  competitors: typeof insightCompetitorsResponseSchema;
  filters: typeof insightFiltersResponseSchema;
}

export type InsightSection = keyof InsightResponses;
export type InsightData<S extends InsightSection> = z.infer<InsightResponses[S]>['data'];

/** Fetched with the first insights request, so the admin shell's chunk does not carry the schemas. */
const responseSchemas = async (): Promise<InsightResponses> => {
  const contract = await import('@/contract/insights');
  return {
    items: contract.insightItemsResponseSchema,
    inquiries: contract.insightInquiriesResponseSchema,
    answers: contract.insightAnswersResponseSchema,
    reps: contract.insightRepsResponseSchema,
    landmines: contract.insightLandminesResponseSchema,
    competitors: contract.insightCompetitorsResponseSchema,
    filters: contract.insightFiltersResponseSchema,
  };
};

export const insightsQueryString = ({ period, from, to, rep, status }: InsightsQueryInput): Record<string, string | undefined> =>
  from !== undefined && to !== undefined ? { from, to, rep, status } : { period, rep, status };

/** dataProvider/firstRead.ts takes early answers by this key. */
export const insightsReadKey = (section: InsightSection, query: InsightsQueryInput): string =>
  JSON.stringify(['insights', section, insightsQueryString(query)]);

/** A reply of another shape fails like a failed request instead of showing as empty figures. */
export const createInsightsApi = (http: HttpClient) => ({
  getInsights: async <S extends InsightSection>(section: S, query: InsightsQueryInput = {}): Promise<InsightData<S>> => {
    const [body, schemas] = await Promise.all([
      http.request(`/insights/${section}`, { query: insightsQueryString(query) }),
      responseSchemas(),
    ]);
    return schemas[section].parse(body).data as InsightData<S>;
  },
  /** The path names the rep; the query's other filters apply. */
  getInsightRep: async (rep: string, query: InsightsQueryInput = {}): Promise<InsightRepPage> => {
    const [body, contract] = await Promise.all([
      http.request(`/insights/reps/${encodeURIComponent(rep)}`, { query: insightsQueryString({ ...query, rep: undefined }) }),
      import('@/contract/insightRep'),
    ]);
    return contract.insightRepResponseSchema.parse(body).data;
  },
  markInquiryAdded: async (key: string, added: InquiryAddedAs): Promise<void> => {
    await http.request(`/insights/inquiries/${encodeURIComponent(key)}/added`, { method: 'PUT', body: added });
  },
  markInquiryAddedByText: async (text: string, added: InquiryAddedAs): Promise<void> => {
    await http.request('/insights/inquiries/added', { method: 'POST', body: { text, added } });
  },
});
