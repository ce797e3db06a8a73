import { INSIGHT_DEFAULT_PERIOD, INSIGHT_PERIOD_DAYS, type InsightPeriodRange, type InsightsQuery } from '../../../src/contract/insights';

const DAY_MS = 86_400_000;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

const mondayOf = (ms: number): number => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;

/** A `period` ends today (UTC); the previous period is as many days, ending the day before `from`. */
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

export const weekOf = (day: string): string => dayOf(mondayOf(msOf(day)));

export interface DayRange {
  from: string;
  to: string;
}

/** Whole ISO weeks by their week rows, the edge days by their day rows: a year is some sixty rows per key. */
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

const monthStartOf = (ms: number): number => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};
const nextMonthStart = (ms: number): number => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

export const monthOf = (day: string): string => dayOf(monthStartOf(msOf(day)));

export interface Span extends DayRange {
  grain: 'd' | 'w' | 'm';
}

const weekAndDaySpans = (range: DayRange): Span[] => {
  const { weeks, days } = spansOf(range);
  return [...(weeks ? [{ grain: 'w' as const, ...weeks }] : []), ...days.map((span) => ({ grain: 'd' as const, ...span }))];
};

/** Whole months by their month rows: a year is twelve rows per key instead of fifty-two. */
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

export const weekSpansOf = weekAndDaySpans;
