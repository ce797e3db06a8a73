import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { insightRepPath, PATHS } from '@/shared/paths';
import { InsightsFiltersBar } from '@/customPages/insights/InsightsFiltersBar';
import { type InsightsFilters, searchOfFilters } from '@/customPages/insights/insightsFilters';
import { useInsightsFilters } from '@/customPages/insights/useInsightsFilters';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { RepAnswers } from './RepAnswers';
import { RepFigures } from './RepFigures';
import { RepLandmines } from './RepLandmines';
import { RepObjections } from './RepObjections';
import { RepWeeks } from './RepWeeks';
import { useInsightRep } from './useInsightRep';

/** The rep by name, the address second; an address Users does not know, with an offer to add the user. */
const RepHeading = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const { data } = useInsightRep(rep, filters);
  const address = data?.rep ?? rep;
  return (
    <Stack spacing={0.5}>
      <Link component={RouterLink} to={`${PATHS.insights}${searchOfFilters({ ...filters, rep: undefined })}`} variant="body2">
        {translate('app.insightRep.back')}
      </Link>
      <Typography component="h2" variant="h4">
        {data?.name ?? address}
      </Typography>
      {data && (
        <Typography color="text.secondary">
          {data.name !== null ? (
            address
          ) : (
            <Link component={RouterLink} to={`${PATHS.users}?add=${encodeURIComponent(address)}`}>
              {translate('app.insights.reps.addUser')}
            </Link>
          )}
        </Typography>
      )}
      {data && (
        <Typography variant="body2" data-testid="rep-period">
          {translate('app.insightRep.period', {
            from: format.day(data.period.from),
            to: format.day(data.period.to),
            calls: translate('app.insights.callCount', { count: format.count(data.period.calls), smart_count: data.period.calls }),
            teamCalls: translate('app.insights.callCount', { count: format.count(data.teamCalls), smart_count: data.teamCalls }),
          })}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * A rep's page at /insights/reps/:rep (docs/insights.md "A rep's page"): their figures with flags,
 * weeks, objections, answers and landmines beside the team's, for the period and status in the URL.
 * Picking another rep in the filters opens their page; All reps goes back to Insights.
 */
export const RepPage = () => {
  const { rep = '' } = useParams();
  const navigate = useNavigate();
  const [pageFilters, setFilters] = useInsightsFilters();
  const filters: InsightsFilters = { ...pageFilters, rep };
  const onChange = (next: InsightsFilters) => {
    if (next.rep === rep) setFilters({ ...next, rep: undefined });
    else if (next.rep) navigate(insightRepPath(next.rep, searchOfFilters({ ...next, rep: undefined })));
    else navigate(`${PATHS.insights}${searchOfFilters(next)}`);
  };
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <RepHeading rep={rep} filters={filters} />
      <InsightsFiltersBar filters={filters} onChange={onChange} />
      <RepFigures rep={rep} filters={filters} />
      <RepWeeks rep={rep} filters={filters} />
      <RepObjections rep={rep} filters={filters} />
      <RepAnswers rep={rep} filters={filters} />
      <RepLandmines rep={rep} filters={filters} />
    </Stack>
  );
};

RepPage.path = `${PATHS.insightRep}/:rep`;
