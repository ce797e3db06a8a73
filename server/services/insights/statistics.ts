import { INSIGHT_MIN_CASES, type InsightEffect } from '../../../src/contract/insights';

/** Student's t, two-sided 95%, for 1 to 30 degrees of freedom. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
const Z_975 = 1.959964;

/** From 31 on, the normal quantile corrected to 1/df² (Abramowitz and Stegun 26.7.5), within 0.0001. */
export const tCritical = (df: number): number => {
  if (df < 1) return Number.NaN;
  if (df <= T_975.length) return T_975[Math.floor(df) - 1];
  const z = Z_975;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
};

export interface EffectSums {
  cases: number;
  sum: number;
  sumSquares: number;
}

/** Below INSIGHT_MIN_CASES cases every figure is null: the page says "too few calls" rather than show a mean of two. */
export const effectOf = ({ cases, sum, sumSquares }: EffectSums): InsightEffect => {
  if (cases < INSIGHT_MIN_CASES || cases < 2) return { cases, mean: null, low: null, high: null };
  const mean = sum / cases;
  // Rounding in the stored sums (float4) can leave a tiny negative where the variance is 0.
  const variance = Math.max(0, (sumSquares - cases * mean * mean) / (cases - 1));
  const half = tCritical(cases - 1) * Math.sqrt(variance / cases);
  return { cases, mean, low: mean - half, high: mean + half };
};

export const median = (values: readonly (number | null)[]): number | null => {
  const sorted = values.filter((value): value is number => value !== null && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
