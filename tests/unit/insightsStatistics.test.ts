import { describe, expect, it } from 'vitest';
import { effectOf, type EffectSums, median, tCritical } from '../../server/services/insights/statistics';
import { INSIGHT_MIN_CASES } from '../../src/contract/insights';

const sumsOf = (changes: number[]): EffectSums => ({
  cases: changes.length,
  sum: changes.reduce((total, x) => total + x, 0),
  sumSquares: changes.reduce((total, x) => total + x * x, 0),
});

describe('tCritical (Student t, two-sided 95%)', () => {
  it('reads the table up to 30 degrees of freedom', () => {
    expect(tCritical(1)).toBe(12.706);
    expect(tCritical(4)).toBe(2.776);
    expect(tCritical(10)).toBe(2.228);
    expect(tCritical(30)).toBe(2.042);
  });

  it('follows the exact quantiles beyond the table and tends to 1.96', () => {
    // qt(0.975, df) in R
    const exact: [number, number][] = [
      [31, 2.039513],
      [40, 2.021075],
      [60, 2.000298],
      [120, 1.97993],
      [1000, 1.962339],
    ];
    for (const [df, t] of exact) expect(tCritical(df)).toBeCloseTo(t, 3);
    expect(tCritical(1e9)).toBeCloseTo(1.96, 4);
    // Never below the table's last value's neighbours: decreasing with df
    expect(tCritical(31)).toBeLessThan(tCritical(30));
    expect(tCritical(32)).toBeLessThan(tCritical(31));
  });
});

describe('effectOf (mean and 95% interval of the sentiment changes)', () => {
  it('gives nothing but the count below the minimum number of cases', () => {
    expect(INSIGHT_MIN_CASES).toBeGreaterThan(1);
    for (let n = 0; n < INSIGHT_MIN_CASES; n += 1)
      expect(effectOf(sumsOf(Array.from({ length: n }, () => 1)))).toEqual({ cases: n, mean: null, low: null, high: null });
  });

  it('computes the t interval from the sums as from the values', () => {
    // 1..5: mean 3, sample variance 2.5, standard error sqrt(2.5 / 5), t(4) = 2.776
    const effect = effectOf(sumsOf([1, 2, 3, 4, 5]));
    const half = 2.776 * Math.sqrt(0.5);
    expect(effect.cases).toBe(5);
    expect(effect.mean).toBeCloseTo(3, 10);
    expect(effect.low).toBeCloseTo(3 - half, 10);
    expect(effect.high).toBeCloseTo(3 + half, 10);
  });

  it('matches a direct computation on a larger sample (normal-like critical value)', () => {
    const changes = Array.from({ length: 200 }, (_, i) => Math.sin(i * 1.7) * 1.5 + (i % 3) / 3);
    const n = changes.length;
    const mean = changes.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(changes.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
    const half = tCritical(n - 1) * (sd / Math.sqrt(n));
    const effect = effectOf(sumsOf(changes));
    expect(effect.mean).toBeCloseTo(mean, 10);
    expect(effect.low).toBeCloseTo(mean - half, 10);
    expect(effect.high).toBeCloseTo(mean + half, 10);
    expect(tCritical(n - 1)).toBeCloseTo(1.972, 3);
  });

  it('has a zero-width interval when every change is the same, even with rounded sums', () => {
    expect(effectOf(sumsOf([-1, -1, -1, -1, -1, -1]))).toEqual({ cases: 6, mean: -1, low: -1, high: -1 });
    // float4 sums: sumSquares a hair below n mean^2 must not give NaN
    const effect = effectOf({ cases: 5, sum: 1.6666666, sumSquares: 0.5555555 });
    expect(effect.low).toBeCloseTo(effect.mean!, 3);
    expect(Number.isNaN(effect.high)).toBe(false);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, leaving nulls out', () => {
    expect(median([])).toBeNull();
    expect(median([null, null])).toBeNull();
    expect(median([3])).toBe(3);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, null, 3, 2])).toBe(2.5);
    expect(median([10, 2, 2, 100])).toBe(6);
  });
});
