import type { InsightItem, InsightItems } from '@/contract/insights';

/** How many lines the trend chart draws: more tangle into a knot nobody reads. */
export const TREND_LINES = 5;

export interface TrendLine {
  item: InsightItem;
  riser: boolean;
}

/** The real risers first (largest rise first), then the most detected items, up to TREND_LINES lines. */
export const trendLines = ({ items, risers }: InsightItems): TrendLine[] => {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const rising = risers.flatMap((key) => byKey.get(key) ?? []).slice(0, TREND_LINES);
  const risingKeys = new Set(rising.map((item) => item.key));
  const others = items.filter((item) => !risingKeys.has(item.key) && item.detections > 0).slice(0, TREND_LINES - rising.length);
  return [...rising.map((item) => ({ item, riser: true })), ...others.map((item) => ({ item, riser: false }))];
};

/** One row a week, oldest first (an item's `weekly` follows `period.weeks`): each line's rate per 100 calls that week (null where the week had no call). */
export const trendRows = (weeks: readonly string[], lines: readonly TrendLine[]) =>
  weeks.map((week, index) => ({
    week,
    rates: lines.map(({ item }) => item.weekly[index]?.rate ?? null),
  }));
