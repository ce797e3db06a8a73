import TableRow from '@mui/material/TableRow';
import { addDays, format as formatDate, parseISO } from 'date-fns';
import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import { useChartTheme } from '@/resources/sessions/detail/chartColors';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable, NumberCell, RowHeader, SessionsLink } from '@/customPages/insights/InsightsTable';
import { Sparkline } from '@/customPages/insights/Sparkline';
import { trendWords } from '@/customPages/insights/trend';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { useInsightRep } from './useInsightRep';

const MESSAGES = {
  title: 'app.insightRep.weeks.title',
  description: 'app.insightRep.weeks.description',
  empty: 'app.insightRep.figures.empty',
  loadFailed: 'app.insightRep.loadFailed',
};

/** A week's days inside the period: the first and last weeks may be cut by it. */
const daysOf = (week: string, period: { from: string; to: string }) => {
  const sunday = formatDate(addDays(parseISO(week), 6), 'yyyy-MM-dd');
  return { from: [week, period.from].sort()[1], to: [sunday, period.to].sort()[0] };
};

const Weeks = ({ data, filters }: { data: InsightRepPage; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const chart = useChartTheme();
  const weekly = data.figures!.weekly;
  return (
    <>
      <Sparkline
        values={weekly.map((week) => week.calls)}
        color={chart.series.speakers.salesperson}
        label={translate('app.insights.trendLabel', {
          what: translate('app.insights.reps.trendWhat'),
          weeks: trendWords(
            format,
            weekly.map((week) => ({ week: week.week, value: week.calls })),
          ),
        })}
      />
      <InsightsTable
        label={translate('app.insightRep.weeks.table')}
        columns={[
          { label: translate('app.insightRep.weeks.columns.week') },
          { label: translate('app.insights.reps.columns.calls'), numeric: true },
          { label: translate('app.insights.reps.columns.talkRatio'), numeric: true },
          { label: translate('app.insights.reps.columns.sentiment'), numeric: true },
        ]}
      >
        {weekly.map((week) => (
          <TableRow key={week.week}>
            <RowHeader>{format.week(week.week)}</RowHeader>
            <NumberCell>
              {week.calls > 0 ? (
                <SessionsLink
                  to={sessionsLink({ rep: data.rep }, daysOf(week.week, data.period), filters)}
                  label={translate('app.insightRep.weeks.link', {
                    count: format.count(week.calls),
                    smart_count: week.calls,
                    week: format.week(week.week),
                  })}
                >
                  {format.count(week.calls)}
                </SessionsLink>
              ) : (
                format.count(0)
              )}
            </NumberCell>
            <NumberCell>{week.talkRatio === null ? format.noValue : format.share(week.talkRatio)}</NumberCell>
            <NumberCell>{week.sentiment === null ? format.noValue : format.signedDecimal(week.sentiment)}</NumberCell>
          </TableRow>
        ))}
      </InsightsTable>
    </>
  );
};

/** The rep's calls, talk ratio and customer sentiment week by week. */
export const RepWeeks = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const query = useInsightRep(rep, filters);
  return (
    <InsightsSection messages={MESSAGES} query={query} isEmpty={(data) => data.figures === null}>
      {(data) => <Weeks data={data} filters={filters} />}
    </InsightsSection>
  );
};
