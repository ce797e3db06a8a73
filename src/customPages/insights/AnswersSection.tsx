import Box from '@mui/material/Box';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { INSIGHT_MIN_CASES, type InsightAnswer, type InsightAnswers, type InsightEffect } from '@/contract/insights';
import { ExportCsv } from './ExportCsv';
import { answerRows } from './insightsCsv';
import type { InsightsFilters } from './insightsFilters';
import { InsightsSection } from './InsightsSection';
import { InsightsTable, ItemName, NumberCell, RowHeader, useRowsInSteps } from './InsightsTable';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.answers.title',
  description: 'app.insights.answers.description',
  empty: 'app.insights.answers.empty',
  loadFailed: 'app.insights.answers.loadFailed',
};

type Breakdown = { name: string; effect: InsightEffect }[];

/** One breakdown of an objection's effect (by suggested answer, or by rep): the change with its interval, and the cases. */
const EffectTable = ({ label, nameColumn, rows }: { label: string; nameColumn: string; rows: Breakdown }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  return (
    <InsightsTable
      label={label}
      columns={[
        { label: nameColumn },
        { label: translate('app.insights.answers.columns.change'), numeric: true },
        { label: translate('app.insights.answers.columns.cases'), numeric: true },
      ]}
    >
      {rows.map(({ name, effect }) => (
        <TableRow key={name}>
          <RowHeader>{name}</RowHeader>
          <NumberCell>{format.effect(effect)}</NumberCell>
          <NumberCell>{format.count(effect.cases)}</NumberCell>
        </TableRow>
      ))}
    </InsightsTable>
  );
};

const Objection = ({ objection, titleId, index }: { objection: InsightAnswer; titleId: string; index: number }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const headingId = `${titleId}-objection-${index}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 3 } }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        <ItemName label={objection.label} deleted={objection.deleted} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('app.insights.answers.overall', { effect: format.effectWithCases(objection.overall) })}
      </Typography>
      {objection.byAnswer.length > 0 && (
        <EffectTable
          label={translate('app.insights.answers.byAnswer', { objection: objection.label })}
          nameColumn={translate('app.insights.answers.columns.answer')}
          rows={objection.byAnswer.map((answer) => ({ name: answer.answer, effect: answer }))}
        />
      )}
      {objection.byRep.length > 0 && (
        <EffectTable
          label={translate('app.insights.answers.byRep', { objection: objection.label })}
          nameColumn={translate('app.insights.answers.columns.rep')}
          rows={objection.byRep.map((rep) => ({ name: rep.rep, effect: rep }))}
        />
      )}
    </Box>
  );
};

const Objections = ({ data, titleId }: { data: InsightAnswers; titleId: string }) => {
  const translate = useTranslate();
  const objections = useRowsInSteps(data.objections);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('app.insights.answers.meaning', { min: INSIGHT_MIN_CASES })}
      </Typography>
      {objections.map((objection, index) => (
        <Objection key={objection.key} objection={objection} titleId={titleId} index={index} />
      ))}
    </>
  );
};

/**
 * Answers that help: per objection, how the customer's sentiment moved after it, by suggested
 * answer and by rep, always with its 95% interval and its number of cases; under the minimum
 * of cases, "too few calls" instead of a figure.
 */
export const AnswersSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('answers', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      query={query}
      isEmpty={(data) => data.objections.length === 0}
      actions={(data) => <ExportCsv name="answers" section={translate(MESSAGES.title)} rows={() => answerRows(data)} />}
    >
      {(data, titleId) => <Objections data={data} titleId={titleId} />}
    </InsightsSection>
  );
};
