import {
  REP_FLAG_IQR,
  REP_FLAG_METRICS,
  REP_FLAG_MIN_CALLS,
  REP_FLAG_MIN_REPS,
  type RepFlag,
  type RepFlagMetric,
  TARGET_BAND_METRICS,
  type TargetBands,
} from '../../../src/contract/insights';

export type FlaggedFigures = { calls: number } & Record<RepFlagMetric, number | null>;

/** The q-quantile of sorted values, linear between order statistics (R's default, type 7). */
export const quantile = (sorted: readonly number[], q: number): number => {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
};

/**
 * Tukey's fences of each figure over the reps with at least REP_FLAG_MIN_CALLS calls:
 * Q1 - 1.5 IQR and Q3 + 1.5 IQR; none for a figure fewer than REP_FLAG_MIN_REPS such reps have.
 */
export const teamFences = (reps: readonly FlaggedFigures[]) => {
  const compared = reps.filter((rep) => rep.calls >= REP_FLAG_MIN_CALLS);
  const fences = new Map<RepFlagMetric, { low: number; high: number }>();
  for (const metric of REP_FLAG_METRICS) {
    const values = compared
      .map((rep) => rep[metric])
      .filter((value): value is number => value !== null)
      .sort((a, b) => a - b);
    if (values.length < REP_FLAG_MIN_REPS) continue;
    const q1 = quantile(values, 0.25);
    const q3 = quantile(values, 0.75);
    fences.set(metric, { low: q1 - REP_FLAG_IQR * (q3 - q1), high: q3 + REP_FLAG_IQR * (q3 - q1) });
  }
  return fences;
};

/** A rep's flags: each figure outside the team's fences, then each outside its target band; none below the minimum of calls. */
export const flagsOf = (rep: FlaggedFigures, fences: ReturnType<typeof teamFences>, targets: TargetBands): RepFlag[] => {
  if (rep.calls < REP_FLAG_MIN_CALLS) return [];
  const flags: RepFlag[] = [];
  for (const metric of REP_FLAG_METRICS) {
    const value = rep[metric];
    const fence = fences.get(metric);
    if (value === null || !fence) continue;
    if (value > fence.high) flags.push({ metric, reason: 'aboveTeam', limit: fence.high });
    else if (value < fence.low) flags.push({ metric, reason: 'belowTeam', limit: fence.low });
  }
  for (const metric of TARGET_BAND_METRICS) {
    const value = rep[metric];
    const { min, max } = targets[metric];
    if (value === null) continue;
    if (max !== null && value > max) flags.push({ metric, reason: 'aboveTarget', limit: max });
    else if (min !== null && value < min) flags.push({ metric, reason: 'belowTarget', limit: min });
  }
  return flags;
};
