import { readRuntimeConfig } from '@/config';
import { startEarlyReads } from '@/dataProvider/firstRead';
import { createInsightsApi, insightsReadKey } from '@/dataProvider/insightsApi';
import type { InsightSection } from '@/dataProvider/insightsApi';
import { filtersFromSearch, queryOfFilters } from './insightsFilters';
import { loadTrendChart } from './loadTrendChart';

/**
 * The page's reads in stages, each sent once the one before has answered: the server reads one
 * query at a time on PGlite, so six reads sent at once finish together, and the first screen
 * (the items' headline and chart, then the headline's other parts) waited for the sections
 * below it. The filters' options ask with no query.
 */
export const FIRST_READ_STAGES: readonly (readonly InsightSection[])[] = [
  ['items'],
  ['inquiries', 'reps', 'landmines'],
  ['answers', 'competitors', 'filters'],
];

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
    let previous: Promise<unknown> = Promise.resolve();
    return FIRST_READ_STAGES.flatMap((stage) => {
      const after = previous;
      const reads = stage.map((section) => {
        const sectionQuery = section === 'filters' ? {} : query;
        return [insightsReadKey(section, sectionQuery), after.then(() => api.getInsights(section, sectionQuery))] as const;
      });
      previous = Promise.allSettled(reads.map(([, read]) => read));
      return reads;
    });
  });
};
