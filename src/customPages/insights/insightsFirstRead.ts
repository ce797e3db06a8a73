import { readRuntimeConfig } from '@/config';
import { startEarlyReads } from '@/dataProvider/firstRead';
import { createInsightsApi, insightsReadKey } from '@/dataProvider/insightsApi';
import { filtersFromSearch, queryOfFilters } from './insightsFilters';
import { loadTrendChart } from './loadTrendChart';

/**
 * The page's reads in the order it shows them: the server answers them one after another, so
 * the first section's figures (and its chart) come first. The filters' options ask with no query.
 */
const SECTIONS = ['items', 'filters', 'inquiries', 'answers', 'reps', 'landmines'] as const;

/**
 * The Insights page's first reads for the filters in `search` (its URL's query), sent with the
 * stored token while the shell starts (dataProvider/firstRead.ts); useInsights takes them.
 */
export const startInsightsFirstRead = (
  search: string,
  options: Parameters<typeof startEarlyReads>[0] = { apiBaseUrl: readRuntimeConfig().apiBaseUrl },
) => {
  const query = queryOfFilters(filtersFromSearch(new URLSearchParams(search)));
  // a failed load is shown by the lazy chart's own try
  loadTrendChart().catch(() => undefined);
  startEarlyReads(options, (httpClient) => {
    const api = createInsightsApi(httpClient);
    return SECTIONS.map((section) => {
      const sectionQuery = section === 'filters' ? {} : query;
      return [insightsReadKey(section, sectionQuery), api.getInsights(section, sectionQuery)] as const;
    });
  });
};
