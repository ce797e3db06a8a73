import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable, ItemName, NumberCell, RowHeader, SessionsLink } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { RateAgainstTeam } from './RateAgainstTeam';
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
            <TableRow key={landmine.key}>
              <RowHeader>
                <ItemName label={landmine.label} deleted={landmine.deleted} />
              </RowHeader>
              <NumberCell note={translate('app.insightRep.inCalls', { count: format.count(landmine.calls), smart_count: landmine.calls })}>
                <SessionsLink
                  to={sessionsLink({ landmine: landmine.key, label: landmine.label }, data.period, { ...filters, rep: data.rep })}
                  label={translate('app.insightRep.landmines.link', {
                    count: format.count(landmine.hits),
                    smart_count: landmine.hits,
                    label: landmine.label,
                  })}
                >
                  {format.count(landmine.hits)}
                </SessionsLink>
              </NumberCell>
              <RateAgainstTeam rate={landmine.rate} teamRate={landmine.teamRate} />
            </TableRow>
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
