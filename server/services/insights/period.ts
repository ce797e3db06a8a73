import { INSIGHT_DEFAULT_PERIOD, INSIGHT_PERIOD_DAYS, type InsightPeriodRange, type InsightsQuery } from '../../../src/contract/insights';

const DAY_MS = 86_400_000;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The Monday of the ISO week `day` lies in (getUTCDay: Sunday 0 ... Saturday 6). */
const mondayOf = (ms: number): number => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;

/**
 * The days a request covers (contract/insights.ts): a `period` (default 30d) ends today (UTC)
 * and starts `days - 1` days before; a `from`/`to` range is taken as given (the query schema has
 * checked it). The previous period is as many days, ending the day before `from`; `weeks` are
 * the Mondays of the ISO weeks the period touches, oldest first.
 */
export const resolvePeriod = (query: Pick<InsightsQuery, 'period' | 'from' | 'to'>, now: number = Date.now()): InsightPeriodRange => {
  let fromMs: number;
  let toMs: number;
  if (query.from !== undefined && query.to !== undefined) {
    fromMs = msOf(query.from);
    toMs = msOf(query.to);
  } else {
    toMs = msOf(dayOf(now));
    fromMs = toMs - (INSIGHT_PERIOD_DAYS[query.period ?? INSIGHT_DEFAULT_PERIOD] - 1) * DAY_MS;
  }
  const days = Math.round((toMs - fromMs) / DAY_MS) + 1;
  const weeks: string[] = [];
  for (let monday = mondayOf(fromMs); monday <= toMs; monday += 7 * DAY_MS) weeks.push(dayOf(monday));
  return {
    from: dayOf(fromMs),
    to: dayOf(toMs),
    previousFrom: dayOf(fromMs - days * DAY_MS),
    previousTo: dayOf(fromMs - DAY_MS),
    weeks,
  };
};

/** The Monday of the ISO week of a YYYY-MM-DD day (the key of `weeks`). */
export const weekOf = (day: string): string => dayOf(mondayOf(msOf(day)));

/** Days from `from` to `to` inclusive, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * How the aggregates cover `from`..`to` (server/db/schema/insights.ts): the ISO weeks wholly
 * inside it by their week rows (`weeks`: the first and last Monday), the days before the first
 * and after the last of them by their day rows (`days`, at most two ranges). A range holding
 * no whole week is all days. Reading weeks keeps a year to some sixty rows per key.
 */
export const spansOf = ({ from, to }: DayRange): { weeks: DayRange | null; days: DayRange[] } => {
  const fromMs = msOf(from);
  const toMs = msOf(to);
  const firstMonday = mondayOf(fromMs) === fromMs ? fromMs : mondayOf(fromMs) + 7 * DAY_MS;
  const lastMonday = mondayOf(toMs + DAY_MS) - 7 * DAY_MS; // the last week ending on or before `to`
  if (firstMonday > lastMonday) return { weeks: null, days: [{ from, to }] };
  const days: DayRange[] = [];
  if (fromMs < firstMonday) days.push({ from, to: dayOf(firstMonday - DAY_MS) });
  if (lastMonday + 7 * DAY_MS <= toMs) days.push({ from: dayOf(lastMonday + 7 * DAY_MS), to });
  return { weeks: { from: dayOf(firstMonday), to: dayOf(lastMonday) }, days };
};

/** The first day of the month `ms` lies in (UTC). */
const monthStartOf = (ms: number): number => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};
const nextMonthStart = (ms: number): number => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

/** The first day of the month of a YYYY-MM-DD day (a month row's `day`). */
export const monthOf = (day: string): string => dayOf(monthStartOf(msOf(day)));

/** Rows of one grain whose `day` lies in from..to: days, weeks by their Mondays, months by their first days. */
export interface Span extends DayRange {
  grain: 'd' | 'w' | 'm';
}

/** spansOf as a list of spans. */
const weekAndDaySpans = (range: DayRange): Span[] => {
  const { weeks, days } = spansOf(range);
  return [...(weeks ? [{ grain: 'w' as const, ...weeks }] : []), ...days.map((span) => ({ grain: 'd' as const, ...span }))];
};

/**
 * How the aggregates' month rows cover `from`..`to`: the calendar months wholly inside it by
 * their month rows, the rest before and after them as spansOf covers it. A year is then twelve
 * rows per key instead of fifty-two.
 */
export const monthSpansOf = ({ from, to }: DayRange): Span[] => {
  const fromMs = msOf(from);
  const toMs = msOf(to);
  const firstMonth = monthStartOf(fromMs) === fromMs ? fromMs : nextMonthStart(fromMs);
  const afterLastMonth = monthStartOf(toMs + DAY_MS); // the day after the last month ending on or before `to`
  if (firstMonth >= afterLastMonth) return weekAndDaySpans({ from, to });
  const lastMonth = monthStartOf(afterLastMonth - DAY_MS);
  return [
    ...(fromMs < firstMonth ? weekAndDaySpans({ from, to: dayOf(firstMonth - DAY_MS) }) : []),
    { grain: 'm', from: dayOf(firstMonth), to: dayOf(lastMonth) },
    ...(afterLastMonth <= toMs ? weekAndDaySpans({ from: dayOf(afterLastMonth), to }) : []),
  ];
};

/** The spans a read by week takes: whole weeks and edge days, no months (a trend by week). */
export const weekSpansOf = weekAndDaySpans;
