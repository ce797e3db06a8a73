import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import type { PortalDataProvider } from '@/dataProvider/types';
import { type InsightsFilters, queryOfFilters } from '@/customPages/insights/insightsFilters';

/** The rep's page for the page's filters (GET /api/insights/reps/:rep); every section reads this one answer. */
export const useInsightRep = (rep: string, filters: InsightsFilters) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = queryOfFilters({ ...filters, rep: undefined });
  return useQuery<InsightRepPage>({
    queryKey: ['insights', 'rep', rep, query],
    queryFn: () => dataProvider.getInsightRep(rep, query),
    placeholderData: keepPreviousData,
  });
};
