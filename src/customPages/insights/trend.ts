import type { InsightsFormat } from './useInsightsFormat';

/** A weekly series in words ("3 Mar: 4, 10 Mar: 6"), the accessible name of its sparkline. */
export const trendWords = (format: InsightsFormat, weekly: readonly { week: string; value: number | null }[]) =>
  weekly.map(({ week, value }) => `${format.week(week)}: ${value === null ? format.noValue : format.decimal(value)}`).join(', ');
