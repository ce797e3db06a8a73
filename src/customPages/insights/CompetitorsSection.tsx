import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightCompetitor, InsightCompetitors } from '@/contract/insights';
import { ExportCsv } from './ExportCsv';
import { competitorRows } from './insightsCsv';
import { type InsightsFilters, sessionsLink } from './insightsFilters';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsSection } from './InsightsSection';
import { CountLinkCell, InsightsTable, ItemName, NumberCell, RowHeader, useRowsInSteps } from './InsightsTable';
import { RateChange } from './RateChange';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.competitors.title',
  description: 'app.insights.competitors.description',
  empty: 'app.insights.competitors.empty',
  loadFailed: 'app.insights.competitors.loadFailed',
};

const CompetitorRow = ({
  competitor,
  data,
  filters,
}: {
  competitor: InsightCompetitor;
  data: InsightCompetitors;
  filters: InsightsFilters;
}) => {
  const format = useInsightsFormat();
  // Mentions and calls both open the calls where the customer named it.
  const calls = sessionsLink({ competitorId: competitor.key, label: competitor.label }, data.period, filters);
  return (
    <TableRow>
      <RowHeader>
        <ItemName label={competitor.label} deleted={false} />
      </RowHeader>
      <CountLinkCell
        count={competitor.mentions}
        to={calls}
        message="app.insights.competitors.mentionsLink"
        params={{ label: competitor.label }}
      />
      <NumberCell>{competitor.rate === null ? format.noValue : format.rate(competitor.rate)}</NumberCell>
      <CountLinkCell count={competitor.calls} to={calls} message="app.insights.callsLink" params={{ label: competitor.label }} />
      <NumberCell>
        <RateChange rateChange={competitor.rateChange} previousRate={competitor.previousRate} trend={competitor.trend} />
      </NumberCell>
    </TableRow>
  );
};

/** Competitors: which competitors with a battlecard customers named, per 100 calls, against the previous period. */
export const CompetitorsSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('competitors', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.competitors}
      query={query}
      isEmpty={(data) => data.competitors.length === 0}
      actions={(data) => <ExportCsv name="competitors" section={translate(MESSAGES.title)} rows={() => competitorRows(data)} />}
    >
      {(data) => <CompetitorsTable data={data} filters={filters} />}
    </InsightsSection>
  );
};

const CompetitorsTable = ({ data, filters }: { data: InsightCompetitors; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const rows = useRowsInSteps(data.competitors);
  return (
    <InsightsTable
      label={translate('app.insights.competitors.table')}
      columns={[
        { label: translate('app.insights.competitors.columns.competitor') },
        { label: translate('app.insights.competitors.columns.mentions'), numeric: true },
        { label: translate('app.insights.columns.rate'), numeric: true },
        { label: translate('app.insights.competitors.columns.calls'), numeric: true },
        { label: translate('app.insights.columns.rateChange'), numeric: true },
      ]}
    >
      {rows.map((competitor) => (
        <CompetitorRow key={competitor.key} competitor={competitor} data={data} filters={filters} />
      ))}
    </InsightsTable>
  );
};
