import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable, SessionsLink } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { RepItemRow } from './RepItemRow';
import { useInsightRep } from './useInsightRep';

const MESSAGES = {
  title: 'app.insightRep.landmines.title',
  description: 'app.insightRep.landmines.description',
  empty: 'app.insightRep.figures.empty',
  loadFailed: 'app.insightRep.loadFailed',
};

const Landmines = ({ data, filters }: { data: InsightRepPage; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const alerts = data.figures!.alertsPerHour;
  const team = data.teamMedian.alertsPerHour;
  return (
    <>
      <Typography sx={{ mb: 2 }} data-testid="rep-alerts">
        <SessionsLink to={sessionsLink({ rep: data.rep }, data.period, filters)}>
          {translate('app.insightRep.landmines.alerts', {
            value: alerts === null ? format.noValue : format.number(alerts, 1),
            team: team === null ? format.noValue : format.number(team, 1),
          })}
        </SessionsLink>
      </Typography>
      {data.landmines.length === 0 ? (
        <Typography color="text.secondary">{translate('app.insightRep.landmines.none')}</Typography>
      ) : (
        <InsightsTable
          label={translate('app.insightRep.landmines.table')}
          columns={[
            { label: translate('app.insights.landmines.columns.trigger') },
            { label: translate('app.insights.landmines.columns.hits'), numeric: true },
            { label: translate('app.insightRep.columns.rate'), numeric: true },
            { label: translate('app.insightRep.columns.teamRate'), numeric: true },
          ]}
        >
          {data.landmines.map((landmine) => (
            <RepItemRow key={landmine.key} kind="landmine" item={landmine} count={landmine.hits} page={data} filters={filters} />
          ))}
        </InsightsTable>
      )}
    </>
  );
};

/** The rep's speech-rate alerts and the landmines they triggered, per 100 of their calls beside the team's. */
export const RepLandmines = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const query = useInsightRep(rep, filters);
  return (
    <InsightsSection messages={MESSAGES} query={query} isEmpty={(data) => data.figures === null}>
      {(data) => <Landmines data={data} filters={filters} />}
    </InsightsSection>
  );
};
