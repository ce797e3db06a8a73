import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { InsightRep, InsightReps, RepFlag, RepMetrics } from '@/contract/insights';
import { insightRepPath, PATHS } from '@/shared/paths';
import { useChartTheme } from '@/resources/sessions/detail/chartColors';
import { ExportCsv } from './ExportCsv';
import { repRows } from './insightsCsv';
import { type InsightsFilters, searchOfFilters, sessionsLink } from './insightsFilters';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsSection } from './InsightsSection';
import { CountLinkCell, InsightsTable, NumberCell, RowHeader, SessionsLink, useRowsInSteps } from './InsightsTable';
import { Sparkline } from './Sparkline';
import { trendWords } from './trend';
import { useInsights } from './useInsights';
import { type InsightsFormat, useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.reps.title',
  description: 'app.insights.reps.description',
  empty: 'app.insights.reps.empty',
  loadFailed: 'app.insights.reps.loadFailed',
};

type Metric = Exclude<keyof RepMetrics, 'calls'>;

/** The figures beside the calls, in the table's order, each written its own way. */
const METRICS: { metric: Metric; column: string; write: (format: InsightsFormat, value: number) => string }[] = [
  { metric: 'talkRatio', column: 'app.insights.reps.columns.talkRatio', write: (format, value) => format.share(value) },
  { metric: 'longestMonologue', column: 'app.insights.reps.columns.longestMonologue', write: (format, value) => format.duration(value) },
  { metric: 'questionsPerCall', column: 'app.insights.reps.columns.questionsPerCall', write: (format, value) => format.number(value, 1) },
  { metric: 'alertsPerHour', column: 'app.insights.reps.columns.alertsPerHour', write: (format, value) => format.number(value, 1) },
  { metric: 'landmines', column: 'app.insights.reps.columns.landmines', write: (format, value) => format.count(value) },
  { metric: 'sentiment', column: 'app.insights.reps.columns.sentiment', write: (format, value) => format.signedDecimal(value) },
];

/** A flagged figure's name, where it is read away from its column (the headline). */
const METRIC_NAMES: Record<RepFlag['metric'], string> = {
  talkRatio: 'app.insights.reps.columns.talkRatio',
  longestMonologue: 'app.insights.reps.columns.longestMonologue',
  questionsPerCall: 'app.insights.reps.columns.questionsPerCall',
  alertsPerHour: 'app.insights.reps.columns.alertsPerHour',
  landminesPer10Calls: 'app.insights.reps.columns.landmines',
  sentiment: 'app.insights.reps.columns.sentiment',
};

/** The table column a flagged figure is shown in: landmines per 10 calls beside the landmines. */
const columnOf = (flag: RepFlag): Metric => (flag.metric === 'landminesPer10Calls' ? 'landmines' : flag.metric);

/** A flagged figure's reason in words, with the fence or target it crossed written as the figure is. */
export const FlagReason = ({ flag, metricName = false }: { flag: RepFlag; metricName?: boolean }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const limit =
    flag.metric === 'landminesPer10Calls'
      ? translate('app.insights.reps.per10Calls', { value: format.number(flag.limit, 1) })
      : METRICS.find(({ metric }) => metric === flag.metric)!.write(format, flag.limit);
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, fontWeight: 600 }}
    >
      <WarningAmberIcon fontSize="inherit" aria-hidden />
      {metricName
        ? translate('app.insights.reps.flagOf', {
            metric: translate(METRIC_NAMES[flag.metric]),
            reason: translate(`app.insights.reps.flags.${flag.reason}`, { limit }),
          })
        : translate(`app.insights.reps.flags.${flag.reason}`, { limit })}
    </Typography>
  );
};

/** A rep by name, the address second; an address Users does not know, with an offer to add the user. */
export const RepName = ({ rep, to }: { rep: InsightRep; to: string }) => {
  const translate = useTranslate();
  return (
    <>
      <SessionsLink to={to}>{rep.name ?? rep.rep}</SessionsLink>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {rep.name === null ? (
          <Link component={RouterLink} to={`${PATHS.users}?add=${encodeURIComponent(rep.rep)}`}>
            {translate('app.insights.reps.addUser')}
          </Link>
        ) : (
          rep.rep
        )}
      </Typography>
    </>
  );
};

const RepRow = ({ rep, data, filters }: { rep: InsightRep; data: InsightReps; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const chart = useChartTheme();
  const team = (text: string) => translate('app.insights.reps.team', { value: text });
  const write = (value: number | null, as: (value: number) => string) => (value === null ? format.noValue : as(value));
  return (
    <TableRow>
      <RowHeader>
        <RepName rep={rep} to={insightRepPath(rep.rep, searchOfFilters({ ...filters, rep: undefined }))} />
      </RowHeader>
      <CountLinkCell
        count={rep.calls}
        to={sessionsLink({ rep: rep.rep }, data.period, filters)}
        message="app.insights.reps.callsLink"
        params={{ rep: rep.rep }}
        note={team(format.count(data.teamMedian.calls))}
      />
      {METRICS.map(({ metric, write: as }) => (
        <NumberCell key={metric} note={team(write(data.teamMedian[metric], (value) => as(format, value)))}>
          {write(rep[metric], (value) => as(format, value))}
          {rep.flags
            .filter((flag) => columnOf(flag) === metric)
            .map((flag) => (
              <FlagReason key={`${flag.metric}-${flag.reason}`} flag={flag} />
            ))}
        </NumberCell>
      ))}
      <TableCell>
        <Sparkline
          values={rep.weekly.map((week) => week.calls)}
          color={chart.series.speakers.salesperson}
          label={translate('app.insights.trendLabel', {
            what: translate('app.insights.reps.trendWhat'),
            weeks: trendWords(
              format,
              rep.weekly.map((week) => ({ week: week.week, value: week.calls })),
            ),
          })}
        />
      </TableCell>
    </TableRow>
  );
};

const RepsTable = ({ data, filters }: { data: InsightReps; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const rows = useRowsInSteps(data.reps);
  return (
    <InsightsTable
      label={translate('app.insights.reps.table')}
      columns={[
        { label: translate('app.insights.reps.columns.rep') },
        { label: translate('app.insights.reps.columns.calls'), numeric: true },
        ...METRICS.map(({ column }) => ({ label: translate(column), numeric: true })),
        { label: translate('app.insights.reps.columns.trend') },
      ]}
    >
      {rows.map((rep) => (
        <RepRow key={rep.rep} rep={rep} data={data} filters={filters} />
      ))}
    </InsightsTable>
  );
};

/** Reps: each salesperson's figures for the period beside the team's median, and their calls week by week. */
export const RepsSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('reps', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.reps}
      query={query}
      isEmpty={(data) => data.reps.length === 0}
      actions={(data) => <ExportCsv name="reps" section={translate(MESSAGES.title)} rows={() => repRows(data)} />}
    >
      {(data) => <RepsTable data={data} filters={filters} />}
    </InsightsSection>
  );
};
