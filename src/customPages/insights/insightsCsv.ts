import type {
  InsightAnswers,
  InsightCompetitors,
  InsightInquiries,
  InsightItems,
  InsightLandmines,
  InsightReps,
} from '@/contract/insights';
import type { FlatRow } from '@/dataProvider/csvExport';
import { RATE_DECIMALS } from './useInsightsFormat';

/**
 * The rows each table of the Insights page exports, with the figures as the page shows them:
 * rates per 100 calls with one decimal, shares in whole percent, seconds whole, sentiment with
 * two decimals; one column a week named by its Monday, lists joined with " | " as the lists'
 * exports do, and an empty cell for a figure that has no value.
 */
const LIST_SEPARATOR = ' | ';
const rounded = (decimals: number) => (value: number | null) => (value === null ? '' : Number(value.toFixed(decimals)));
const cell = (value: number | null) => value ?? '';
const rate = rounded(RATE_DECIMALS);
const twoDecimals = rounded(2);
const weekColumns = <W extends { week: string }>(weekly: readonly W[], value: (week: W) => number | string | null): FlatRow =>
  Object.fromEntries(weekly.map((week) => [`week ${week.week}`, value(week) ?? '']));

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
    ratePer100Calls: rate(item.rate),
    previousRatePer100Calls: rate(item.previousRate),
    rateChange: rate(item.rateChange),
    trend: item.trend ?? '',
    ...weekColumns(item.weekly, (week) => rate(week.rate)),
  }));

export const inquiryRows = ({ groups }: InsightInquiries): FlatRow[] =>
  groups.map((group) => ({
    inquiry: group.label,
    key: group.key,
    occurrences: group.occurrences,
    calls: group.calls,
    ratePer100Calls: rate(group.rate),
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
      mean: twoDecimals(mean),
      low: twoDecimals(low),
      high: twoDecimals(high),
    });
    return [effect('overall', '', objection.overall), ...objection.byAnswer.map((answer) => effect('answer', answer.answer, answer))];
  });

/** Each rep figure as the Reps table writes it: talk ratio in percent, monologues in seconds. */
const METRICS = {
  calls: cell,
  talkRatio: (value: number | null) => (value === null ? '' : Math.round(value * 100)),
  longestMonologue: rounded(0),
  questionsPerCall: rounded(1),
  alertsPerHour: rounded(1),
  landmines: cell,
  sentiment: twoDecimals,
} as const;

export const repRows = ({ reps, teamMedian }: InsightReps): FlatRow[] =>
  reps.map((rep) => ({
    rep: rep.rep,
    ...Object.fromEntries(
      (Object.keys(METRICS) as (keyof typeof METRICS)[]).flatMap((metric) => [
        [metric === 'talkRatio' ? 'talkRatioPercent' : metric, METRICS[metric](rep[metric])],
        [`teamMedian.${metric === 'talkRatio' ? 'talkRatioPercent' : metric}`, METRICS[metric](teamMedian[metric])],
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
    ratePer100Calls: rate(landmine.rate),
    previousRatePer100Calls: rate(landmine.previousRate),
    rateChange: rate(landmine.rateChange),
    trend: landmine.trend ?? '',
    byRep: landmine.byRep.map(({ rep, hits }) => `${rep} (${hits})`).join(LIST_SEPARATOR),
    ...weekColumns(landmine.weekly, (week) => rate(week.rate)),
  }));

export const competitorRows = ({ competitors }: InsightCompetitors): FlatRow[] =>
  competitors.map((competitor) => ({
    competitor: competitor.label,
    key: competitor.key,
    mentions: competitor.mentions,
    calls: competitor.calls,
    previousMentions: competitor.previousMentions,
    ratePer100Calls: rate(competitor.rate),
    previousRatePer100Calls: rate(competitor.previousRate),
    rateChange: rate(competitor.rateChange),
    trend: competitor.trend ?? '',
  }));
