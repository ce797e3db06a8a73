import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightLandmine, InsightLandmines } from '@/contract/insights';
import { useChartTheme } from '@/resources/sessions/detail/chartColors';
import { ExportCsv } from './ExportCsv';
import { landmineRows } from './insightsCsv';
import { type InsightsFilters, sessionsLink } from './insightsFilters';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsSection } from './InsightsSection';
import { CountLinkCell, InsightsTable, ItemName, NumberCell, RowHeader, useRowsInSteps } from './InsightsTable';
import { RateChange } from './RateChange';
import { Sparkline } from './Sparkline';
import { trendWords } from './trend';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.landmines.title',
  description: 'app.insights.landmines.description',
  empty: 'app.insights.landmines.empty',
  loadFailed: 'app.insights.landmines.loadFailed',
};

/** The reps who triggered it most, as many as the row shows. */
const TOP_REPS = 3;

const LandmineRow = ({ landmine, data, filters }: { landmine: InsightLandmine; data: InsightLandmines; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const chart = useChartTheme();
  const more = landmine.byRep.length - TOP_REPS;
  const byWhom = landmine.byRep
    .slice(0, TOP_REPS)
    .map(({ rep, hits }) => translate('app.insights.landmines.repHits', { rep, hits: format.count(hits) }))
    .join(', ');
  // Hits and calls both open the calls where the landmine was triggered.
  const calls = sessionsLink({ landmine: landmine.key, label: landmine.label }, data.period, filters);
  return (
    <TableRow>
      <RowHeader>
        <ItemName label={landmine.label} deleted={landmine.deleted} />
      </RowHeader>
      <CountLinkCell count={landmine.hits} to={calls} message="app.insights.landmines.hitsLink" params={{ label: landmine.label }} />
      <NumberCell>{landmine.rate === null ? format.noValue : format.rate(landmine.rate)}</NumberCell>
      <CountLinkCell count={landmine.calls} to={calls} message="app.insights.callsLink" params={{ label: landmine.label }} />
      <NumberCell>
        <RateChange rateChange={landmine.rateChange} previousRate={landmine.previousRate} trend={landmine.trend} />
      </NumberCell>
      <TableCell>
        {byWhom}
        {more > 0 && ` ${translate('app.insights.landmines.moreReps', { count: format.count(more), smart_count: more })}`}
      </TableCell>
      <TableCell>
        <Sparkline
          values={landmine.weekly.map((week) => week.rate)}
          color={chart.series.limit}
          label={translate('app.insights.trendLabel', {
            what: translate('app.insights.rateWhat'),
            weeks: trendWords(
              format,
              landmine.weekly.map((week) => ({ week: week.week, value: week.rate })),
            ),
          })}
        />
      </TableCell>
    </TableRow>
  );
};

const LandminesTable = ({ data, filters }: { data: InsightLandmines; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const rows = useRowsInSteps(data.landmines);
  return (
    <InsightsTable
      label={translate('app.insights.landmines.table')}
      columns={[
        { label: translate('app.insights.landmines.columns.trigger') },
        { label: translate('app.insights.landmines.columns.hits'), numeric: true },
        { label: translate('app.insights.columns.rate'), numeric: true },
        { label: translate('app.insights.landmines.columns.calls'), numeric: true },
        { label: translate('app.insights.columns.rateChange'), numeric: true },
        { label: translate('app.insights.landmines.columns.byWhom') },
        { label: translate('app.insights.columns.weeklyRate') },
      ]}
    >
      {rows.map((landmine) => (
        <LandmineRow key={landmine.key} landmine={landmine} data={data} filters={filters} />
      ))}
    </InsightsTable>
  );
};

/** Landmines: which compliance triggers were hit, how often against the previous period, by whom, week by week. */
export const LandminesSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('landmines', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.landmines}
      query={query}
      isEmpty={(data) => data.landmines.length === 0}
      actions={(data) => <ExportCsv name="landmines" section={translate(MESSAGES.title)} rows={() => landmineRows(data)} />}
    >
      {(data) => <LandminesTable data={data} filters={filters} />}
    </InsightsSection>
  );
};
