import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { InsightData, InsightSection } from '@/dataProvider/insightsApi';
import type { PortalDataProvider } from '@/dataProvider/types';
import { type InsightsFilters, queryOfFilters } from './insightsFilters';

/**
 * One section's figures for the page's filters (GET /api/insights/<section>), through the
 * portal's query client: each section loads, fails and retries on its own. While other filters
 * load, the figures of the previous ones stay, marked as loading.
 */
export const useInsights = <S extends Exclude<InsightSection, 'filters'>>(section: S, filters: InsightsFilters) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = queryOfFilters(filters);
  return useQuery<InsightData<S>>({
    queryKey: ['insights', section, query],
    queryFn: () => dataProvider.getInsights(section, query),
    placeholderData: keepPreviousData,
  });
};

/** What the filters offer: every rep with a finished call and the first day with one (not narrowed by the filters). */
export const useInsightFilterOptions = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: ['insights', 'filters'], queryFn: () => dataProvider.getInsights('filters') });
};
