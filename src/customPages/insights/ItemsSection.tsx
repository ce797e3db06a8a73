import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { InsightItem, InsightItems } from '@/contract/insights';
import { useCategoryLabel } from '@/resources/sessions/categoryLabel';
import { useChartTheme } from '@/resources/sessions/detail/chartColors';
import { ExportCsv } from './ExportCsv';
import { itemRows } from './insightsCsv';
import { type InsightsFilters, sessionsLink } from './insightsFilters';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsSection } from './InsightsSection';
import { CountLinkCell, InsightsTable, ItemName, NumberCell, RowHeader, SessionsLink, useRowsInSteps } from './InsightsTable';
import { RateChange } from './RateChange';
import { Sparkline } from './Sparkline';
import { trendWords } from './trend';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.items.title',
  description: 'app.insights.items.description',
  empty: 'app.insights.items.empty',
  loadFailed: 'app.insights.items.loadFailed',
};

const ItemsTable = ({ data, filters }: { data: InsightItems; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const chart = useChartTheme();
  const categoryLabel = useCategoryLabel();
  const rows = useRowsInSteps(data.items);
  const link = (item: InsightItem) => sessionsLink({ item: item.key, label: item.label }, data.period, filters);
  return (
    <InsightsTable
      label={translate('app.insights.items.table')}
      columns={[
        { label: translate('app.insights.items.columns.item') },
        { label: translate('app.insights.items.columns.detections'), numeric: true },
        { label: translate('app.insights.columns.rate'), numeric: true },
        { label: translate('app.insights.items.columns.calls'), numeric: true },
        { label: translate('app.insights.columns.rateChange'), numeric: true },
        { label: translate('app.insights.columns.weeklyRate') },
      ]}
    >
      {rows.map((item) => (
        <TableRow key={item.key}>
          <RowHeader>
            <ItemName label={item.label} deleted={item.deleted} />
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {[translate(`app.insights.kinds.${item.kind}`), item.category && categoryLabel(item.category)].filter(Boolean).join(' · ')}
            </Typography>
          </RowHeader>
          <CountLinkCell
            count={item.detections}
            to={link(item)}
            message="app.insights.items.detectionsLink"
            params={{ label: item.label }}
          />
          <NumberCell>{item.rate === null ? format.noValue : format.rate(item.rate)}</NumberCell>
          <CountLinkCell count={item.calls} to={link(item)} message="app.insights.callsLink" params={{ label: item.label }} />
          <NumberCell>
            <RateChange rateChange={item.rateChange} previousRate={item.previousRate} trend={item.trend} />
          </NumberCell>
          <TableCell>
            <Sparkline
              values={item.weekly.map((week) => week.rate)}
              color={chart.series.kinds[item.kind]}
              label={translate('app.insights.trendLabel', {
                what: translate('app.insights.rateWhat'),
                weeks: trendWords(
                  format,
                  item.weekly.map((week) => ({ week: week.week, value: week.rate })),
                ),
              })}
            />
          </TableCell>
        </TableRow>
      ))}
    </InsightsTable>
  );
};

/** The items whose rate rose beyond chance against the previous period, largest rise first. */
const Risers = ({ data, filters, titleId }: { data: InsightItems; filters: InsightsFilters; titleId: string }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const byKey = new Map(data.items.map((item) => [item.key, item]));
  const risers = data.risers.map((key) => byKey.get(key)).filter((item): item is InsightItem => item !== undefined);
  const headingId = `${titleId}-risers`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {translate('app.insights.items.risers')}
      </Typography>
      {risers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.insights.items.noRisers')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {risers.map((item) => (
            <Typography component="li" variant="body2" key={item.key} sx={{ py: 0.25 }}>
              <SessionsLink to={sessionsLink({ item: item.key, label: item.label }, data.period, filters)}>
                <ItemName label={item.label} deleted={item.deleted} />
              </SessionsLink>
              {` ${translate('app.insights.items.riserChange', {
                change: format.rateChange(item.rateChange ?? 0),
                previous: format.rate(item.previousRate ?? 0),
                rate: format.rate(item.rate ?? 0),
              })}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
};

/** Objections and FAQs: how often each came up, against the previous period, week by week; the biggest risers. */
export const ItemsSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('items', filters);
  return (
    <InsightsSection
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.items}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      actions={(data) => <ExportCsv name="items" section={translate(MESSAGES.title)} rows={() => itemRows(data)} />}
    >
      {(data, titleId) => (
        <>
          <ItemsTable data={data} filters={filters} />
          <Risers data={data} filters={filters} titleId={titleId} />
        </>
      )}
    </InsightsSection>
  );
};
