import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { filtersFromSearch, type InsightsFilters, searchOfFilters } from './insightsFilters';

/**
 * The page's filters, kept in its URL: a view can be shared as a link, and each change is a
 * history entry, so Back returns to the view before it.
 */
export const useInsightsFilters = () => {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: InsightsFilters) => {
      const nextSearch = searchOfFilters(next);
      if (nextSearch !== search) navigate({ search: nextSearch });
    },
    [navigate, search],
  );
  return [filters, setFilters] as const;
};
