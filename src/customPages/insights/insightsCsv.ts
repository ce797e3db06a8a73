import type { InsightAnswers, InsightInquiries, InsightItems, InsightLandmines, InsightReps } from '@/contract/insights';
import type { FlatRow } from '@/dataProvider/csvExport';

/**
 * The rows each table of the Insights page exports: the figures as the API gave them (shares
 * 0-1, seconds, unrounded), one column a week named by its Monday, lists joined with " | " as
 * the lists' exports do, and an empty cell for a figure that has no value.
 */
const LIST_SEPARATOR = ' | ';
const cell = (value: number | null) => value ?? '';
const weekColumns = <W extends { week: string }>(weekly: readonly W[], value: (week: W) => number | null): FlatRow =>
  Object.fromEntries(weekly.map((week) => [`week ${week.week}`, cell(value(week))]));

export const itemRows = ({ items }: InsightItems): FlatRow[] =>
  items.map((item) => ({
    item: item.label,
    key: item.key,
    kind: item.kind,
    category: item.category,
    deleted: item.deleted,
    detections: item.detections,
    calls: item.calls,
    previousDetections: item.previousDetections,
    change: item.change,
    ...weekColumns(item.weekly, (week) => week.count),
  }));

export const inquiryRows = ({ groups }: InsightInquiries): FlatRow[] =>
  groups.map((group) => ({
    inquiry: group.label,
    key: group.key,
    occurrences: group.occurrences,
    calls: group.calls,
    phrasings: group.phrasings,
    pending: group.pending,
    examples: group.examples.join(LIST_SEPARATOR),
  }));

export const answerRows = ({ objections }: InsightAnswers): FlatRow[] =>
  objections.flatMap((objection) => {
    const base = { objection: objection.label, key: objection.key, deleted: objection.deleted };
    const effect = (
      by: string,
      name: string,
      { cases, mean, low, high }: { cases: number; mean: number | null; low: number | null; high: number | null },
    ) => ({
      ...base,
      by,
      name,
      cases,
      mean: cell(mean),
      low: cell(low),
      high: cell(high),
    });
    return [
      effect('overall', '', objection.overall),
      ...objection.byAnswer.map((answer) => effect('answer', answer.answer, answer)),
      ...objection.byRep.map((rep) => effect('rep', rep.rep, rep)),
    ];
  });

const METRICS = ['calls', 'talkRatio', 'longestMonologue', 'questionsPerCall', 'alertsPerHour', 'landmines', 'sentiment'] as const;

export const repRows = ({ reps, teamMedian }: InsightReps): FlatRow[] =>
  reps.map((rep) => ({
    rep: rep.rep,
    ...Object.fromEntries(
      METRICS.flatMap((metric) => [
        [metric, cell(rep[metric])],
        [`teamMedian.${metric}`, cell(teamMedian[metric])],
      ]),
    ),
    ...weekColumns(rep.weekly, (week) => week.calls),
  }));

export const landmineRows = ({ landmines }: InsightLandmines): FlatRow[] =>
  landmines.map((landmine) => ({
    trigger: landmine.label,
    key: landmine.key,
    deleted: landmine.deleted,
    hits: landmine.hits,
    calls: landmine.calls,
    previousHits: landmine.previousHits,
    byRep: landmine.byRep.map(({ rep, hits }) => `${rep} (${hits})`).join(LIST_SEPARATOR),
    ...weekColumns(landmine.weekly, (week) => week.count),
  }));
