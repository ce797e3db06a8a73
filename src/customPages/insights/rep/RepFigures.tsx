import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import { type RepFlag, TARGET_BAND_METRICS, type TargetBandMetric } from '@/contract/insights';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable, NumberCell, RowHeader, SessionsLink } from '@/customPages/insights/InsightsTable';
import { FlagReason } from '@/customPages/insights/RepsSection';
import { type InsightsFormat, useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { useInsightRep } from './useInsightRep';

const MESSAGES = {
  title: 'app.insightRep.figures.title',
  description: 'app.insightRep.figures.description',
  empty: 'app.insightRep.figures.empty',
  loadFailed: 'app.insightRep.loadFailed',
};

type Figure = 'calls' | 'talkRatio' | 'longestMonologue' | 'questionsPerCall' | 'alertsPerHour' | 'landminesPer10Calls' | 'sentiment';

/** Each figure, its name and how it is written; the flags name the same figures. */
export const FIGURES: { figure: Figure; name: string; write: (format: InsightsFormat, value: number) => string }[] = [
  { figure: 'calls', name: 'app.insights.reps.columns.calls', write: (format, value) => format.count(value) },
  { figure: 'talkRatio', name: 'app.insights.reps.columns.talkRatio', write: (format, value) => format.share(value) },
  { figure: 'longestMonologue', name: 'app.insights.reps.columns.longestMonologue', write: (format, value) => format.duration(value) },
  { figure: 'questionsPerCall', name: 'app.insights.reps.columns.questionsPerCall', write: (format, value) => format.number(value, 1) },
  { figure: 'alertsPerHour', name: 'app.insights.reps.columns.alertsPerHour', write: (format, value) => format.number(value, 1) },
  { figure: 'landminesPer10Calls', name: 'app.insightRep.figures.landminesPer10Calls', write: (format, value) => format.number(value, 1) },
  { figure: 'sentiment', name: 'app.insights.reps.columns.sentiment', write: (format, value) => format.signedDecimal(value) },
];

const isBanded = (figure: Figure): figure is TargetBandMetric => (TARGET_BAND_METRICS as readonly string[]).includes(figure);

const Figures = ({ data, filters }: { data: InsightRepPage; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const figures = data.figures!;
  const to = sessionsLink({ rep: data.rep }, data.period, filters);
  const written = (value: number | null, write: (value: number) => string) => (value === null ? format.noValue : write(value));
  const bandOf = (figure: Figure, write: (value: number) => string) => {
    if (!isBanded(figure)) return format.noValue;
    const { min, max } = data.targets[figure] ?? { min: null, max: null };
    if (min !== null && max !== null) return translate('app.insightRep.figures.between', { min: write(min), max: write(max) });
    if (min !== null) return translate('app.insightRep.figures.atLeast', { min: write(min) });
    if (max !== null) return translate('app.insightRep.figures.atMost', { max: write(max) });
    return format.noValue;
  };
  return (
    <InsightsTable
      label={translate('app.insightRep.figures.table')}
      columns={[
        { label: translate('app.insightRep.figures.columns.figure') },
        { label: translate('app.insightRep.figures.columns.rep'), numeric: true },
        { label: translate('app.insightRep.figures.columns.team'), numeric: true },
        { label: translate('app.insightRep.figures.columns.target'), numeric: true },
      ]}
    >
      {FIGURES.map(({ figure, name, write }) => {
        const as = (value: number) => write(format, value);
        const value = written(figures[figure], as);
        const flags = figures.flags.filter((flag: RepFlag) => flag.metric === figure);
        return (
          <TableRow key={figure} data-testid={`rep-figure-${figure}`}>
            <RowHeader>{translate(name)}</RowHeader>
            <NumberCell>
              <SessionsLink to={to} label={translate('app.insightRep.figures.link', { value, figure: translate(name) })}>
                {value}
              </SessionsLink>
              {flags.map((flag) => (
                <FlagReason key={flag.reason} flag={flag} />
              ))}
            </NumberCell>
            <NumberCell>{written(data.teamMedian[figure], as)}</NumberCell>
            <TableCell align="right">{bandOf(figure, as)}</TableCell>
          </TableRow>
        );
      })}
    </InsightsTable>
  );
};

/** The rep's figures beside the team's median and the target band, each flag with its reason. */
export const RepFigures = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const query = useInsightRep(rep, filters);
  return (
    <InsightsSection messages={MESSAGES} query={query} isEmpty={(data) => data.figures === null}>
      {(data) => <Figures data={data} filters={filters} />}
    </InsightsSection>
  );
};
