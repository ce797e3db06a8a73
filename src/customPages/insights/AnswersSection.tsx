import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { INSIGHT_MIN_CASES, type InsightAnswer, type InsightAnswers } from '@/contract/insights';
import { ExportCsv } from './ExportCsv';
import { answerRows } from './insightsCsv';
import type { InsightsFilters } from './insightsFilters';
import { InsightsSection } from './InsightsSection';
import { SECTION_ANCHORS } from './sectionAnchors';
import { InsightsTable, ItemName, NumberCell, RowHeader, useRowsInSteps } from './InsightsTable';
import { useInsights } from './useInsights';
import { useInsightsFormat } from './useInsightsFormat';

const MESSAGES = {
  title: 'app.insights.answers.title',
  description: 'app.insights.answers.description',
  empty: 'app.insights.answers.empty',
  loadFailed: 'app.insights.answers.loadFailed',
};

/** Enough cases for a figure with its interval: below that there is nothing to compare. */
export const comparable = (objection: InsightAnswer) => objection.overall.cases >= INSIGHT_MIN_CASES;

/** Where the assistant suggested two or more answers, which helped more: each with its interval and cases. */
const AnswersTable = ({ objection }: { objection: InsightAnswer }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  return (
    <InsightsTable
      label={translate('app.insights.answers.byAnswer', { objection: objection.label })}
      columns={[
        { label: translate('app.insights.answers.columns.answer') },
        { label: translate('app.insights.answers.columns.change'), numeric: true },
        { label: translate('app.insights.answers.columns.cases'), numeric: true },
      ]}
    >
      {objection.byAnswer.map((answer) => (
        <TableRow key={answer.answerKey}>
          <RowHeader>{answer.answer}</RowHeader>
          <NumberCell>{format.effect(answer)}</NumberCell>
          <NumberCell>{format.count(answer.cases)}</NumberCell>
        </TableRow>
      ))}
    </InsightsTable>
  );
};

const Objection = ({ objection, headingId }: { objection: InsightAnswer; headingId: string }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const [only] = objection.byAnswer;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 3 } }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        <ItemName label={objection.label} deleted={objection.deleted} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('app.insights.answers.overall', { effect: format.effectWithCases(objection.overall) })}
      </Typography>
      {objection.byAnswer.length >= 2 ? (
        <AnswersTable objection={objection} />
      ) : (
        only && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.insights.answers.onlyAnswer', { answer: only.answer })}
          </Typography>
        )
      )}
    </Box>
  );
};

/** The objections below the minimum of cases, in one line that opens on their names and cases. */
const TooFew = ({ objections }: { objections: readonly InsightAnswer[] }) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {translate('app.insights.answers.tooFewMore', { count: format.count(objections.length), smart_count: objections.length })}
      </Button>
      <Box component="ul" id={listId} hidden={!open} sx={{ m: 0, pl: 3 }}>
        {open &&
          objections.map((objection) => (
            <Typography component="li" variant="body2" key={objection.key} sx={{ py: 0.25 }}>
              <ItemName label={objection.label} deleted={objection.deleted} />
              {` ${translate('app.insights.answers.tooFewCases', { cases: format.cases(objection.overall.cases) })}`}
            </Typography>
          ))}
      </Box>
    </Box>
  );
};

const Objections = ({ data, titleId }: { data: InsightAnswers; titleId: string }) => {
  const translate = useTranslate();
  const shown = useRowsInSteps(data.objections.filter(comparable));
  const tooFew = data.objections.filter((objection) => !comparable(objection));
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('app.insights.answers.meaning', { min: INSIGHT_MIN_CASES })}
      </Typography>
      {shown.map((objection, index) => (
        <Objection key={objection.key} objection={objection} headingId={`${titleId}-objection-${index}`} />
      ))}
      {tooFew.length > 0 && <TooFew objections={tooFew} />}
    </>
  );
};

/**
 * Answers that help: per objection with enough cases, how the customer's sentiment moved after
 * it, always with its 95% interval and its number of cases, and by suggested answer where there
 * were two or more to compare. The objections with too few cases wait in one collapsed line.
 */
export const AnswersSection = ({ filters }: { filters: InsightsFilters }) => {
  const translate = useTranslate();
  const query = useInsights('answers', filters);
  return (
    <InsightsSection
      later
      messages={MESSAGES}
      anchor={SECTION_ANCHORS.answers}
      query={query}
      isEmpty={(data) => data.objections.length === 0}
      actions={(data) => <ExportCsv name="answers" section={translate(MESSAGES.title)} rows={() => answerRows(data)} />}
    >
      {(data, titleId) => <Objections data={data} titleId={titleId} />}
    </InsightsSection>
  );
};
