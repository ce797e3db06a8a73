import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PATHS } from '@/shared/paths';
import { AnswersSection } from './AnswersSection';
import { CompetitorsSection } from './CompetitorsSection';
import { InquiriesSection } from './InquiriesSection';
import { Headline } from './Headline';
import { InsightsFiltersBar } from './InsightsFiltersBar';
import type { InsightsFilters } from './insightsFilters';
import { ItemsSection } from './ItemsSection';
import { LandminesSection } from './LandminesSection';
import { RepsSection } from './RepsSection';
import { useInsights } from './useInsights';
import { useInsightsFilters } from './useInsightsFilters';
import { useInsightsFormat } from './useInsightsFormat';

/** The days the figures cover and the days they are compared with, as the API counted them (UTC days). */
const PeriodLine = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  // the first section's answer, shared through the query cache
  const { data } = useInsights('items', filters);
  if (!data) return null;
  const { from, to, previousFrom, previousTo, calls, previousCalls } = data.period;
  return (
    <Typography variant="body2" data-testid="insights-period">
      {translate('app.insights.period', {
        from: format.day(from),
        to: format.day(to),
        previousFrom: format.day(previousFrom),
        previousTo: format.day(previousTo),
        calls: translate('app.insights.callCount', { count: format.count(calls), smart_count: calls }),
        previousCalls: translate('app.insights.callCount', { count: format.count(previousCalls), smart_count: previousCalls }),
      })}
    </Typography>
  );
};

/**
 * Insights at /insights: what all the finished calls say together, for the period, rep and
 * status in the URL. Six sections, each read on its own (GET /api/insights/...), so a slow or
 * failed one leaves the others standing.
 */
export const InsightsPage = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useInsightsFilters();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Stack spacing={1}>
        <Typography color="text.secondary">{translate('app.insights.subtitle')}</Typography>
        <InsightsFiltersBar filters={filters} onChange={setFilters} />
        <PeriodLine filters={filters} />
      </Stack>
      <Headline filters={filters} />
      <ItemsSection filters={filters} />
      <InquiriesSection filters={filters} />
      <AnswersSection filters={filters} />
      <RepsSection filters={filters} />
      <LandminesSection filters={filters} />
      <CompetitorsSection filters={filters} />
    </Stack>
  );
};

InsightsPage.path = PATHS.insights;
