import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { InsightRepPage } from '@/contract/insightRep';
import { type InsightsFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { InsightsSection } from '@/customPages/insights/InsightsSection';
import { InsightsTable, ItemName, NumberCell, RowHeader, SessionsLink } from '@/customPages/insights/InsightsTable';
import { useInsightsFormat } from '@/customPages/insights/useInsightsFormat';
import { useInsightRep } from './useInsightRep';

const MESSAGES = {
  title: 'app.insightRep.answers.title',
  description: 'app.insightRep.answers.description',
  empty: 'app.insightRep.answers.empty',
  loadFailed: 'app.insightRep.loadFailed',
};

const Answers = ({ data, filters }: { data: InsightRepPage; filters: InsightsFilters }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  return (
    <InsightsTable
      label={translate('app.insightRep.answers.table')}
      columns={[
        { label: translate('app.insightRep.objections.columns.objection') },
        { label: translate('app.insightRep.answers.columns.rep'), numeric: true },
        { label: translate('app.insightRep.answers.columns.team'), numeric: true },
      ]}
    >
      {data.answers.map((answer) => (
        <TableRow key={answer.key}>
          <RowHeader>
            <ItemName label={answer.label} deleted={answer.deleted} />
          </RowHeader>
          <NumberCell note={format.cases(answer.rep.cases)}>
            <SessionsLink
              to={sessionsLink({ item: answer.key, label: answer.label }, data.period, { ...filters, rep: data.rep })}
              label={translate('app.insightRep.answers.link', { effect: format.effect(answer.rep), label: answer.label })}
            >
              {format.effect(answer.rep)}
            </SessionsLink>
          </NumberCell>
          <NumberCell note={format.cases(answer.team.cases)}>{format.effect(answer.team)}</NumberCell>
        </TableRow>
      ))}
    </InsightsTable>
  );
};

/** How the customer's sentiment moves after the rep's answers to each objection, beside the whole team's. */
export const RepAnswers = ({ rep, filters }: { rep: string; filters: InsightsFilters }) => {
  const query = useInsightRep(rep, filters);
  return (
    <InsightsSection messages={MESSAGES} query={query} isEmpty={(data) => data.answers.length === 0}>
      {(data) => <Answers data={data} filters={filters} />}
    </InsightsSection>
  );
};
