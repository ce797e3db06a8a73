import { describe, expect, it } from 'vitest';
import { poissonRatesPValue, ratePer100, rateFieldsOf, trendOf } from '../../server/services/insights/rates';
import { INSIGHT_RATE_MIN_CALLS } from '../../src/contract/insights';

describe('poissonRatesPValue (exact conditional test of two Poisson rates)', () => {
  it('equals the binomial test by hand for equal exposures', () => {
    // 10 of 12 under binomial(12, 1/2): P(X >= 10) = (66 + 12 + 1) / 4096, both tails.
    expect(poissonRatesPValue(10, 50, 2, 50)).toBeCloseTo(158 / 4096, 10);
    // 9 of 12: (220 + 66 + 12 + 1) / 4096 per tail.
    expect(poissonRatesPValue(9, 50, 3, 50)).toBeCloseTo(598 / 4096, 10);
    expect(poissonRatesPValue(6, 50, 6, 50)).toBeCloseTo(1, 10);
  });

  it('weighs the outcomes by each period’s calls', () => {
    // binomial(3, 100 / 300): P(3) = 1/27 is the only outcome as unlikely as 3 of 3.
    expect(poissonRatesPValue(3, 100, 0, 200)).toBeCloseTo(1 / 27, 10);
    // 0 of 3: P(0) = 8/27, P(2) = 6/27 and P(3) = 1/27 are no likelier.
    expect(poissonRatesPValue(0, 100, 3, 200)).toBeCloseTo(15 / 27, 10);
    expect(poissonRatesPValue(0, 100, 0, 200)).toBe(1);
  });

  it('reads many occurrences by the normal approximation with continuity correction', () => {
    // n = 5600, p = 1/2: z = (|2850 - 2800| - 0.5) / sqrt(1400) = 1.3229, two-sided 0.1859.
    expect(poissonRatesPValue(2850, 1000, 2750, 1000)).toBeCloseTo(0.1859, 3);
    expect(poissonRatesPValue(3000, 1000, 2600, 1000)).toBeLessThan(1e-6);
  });
});

describe('trendOf and rateFieldsOf', () => {
  it('calls a change rising or falling only when the test rejects equal rates at 5% with enough calls', () => {
    expect(trendOf(10, 50, 2, 50)).toBe('rising');
    expect(trendOf(2, 50, 10, 50)).toBe('falling');
    expect(trendOf(9, 50, 3, 50)).toBeNull();
    expect(trendOf(3, 100, 0, 200)).toBe('rising');
    // As significant, but a period below the minimum of calls.
    expect(trendOf(10, INSIGHT_RATE_MIN_CALLS - 1, 0, 50)).toBeNull();
    expect(trendOf(10, 50, 0, INSIGHT_RATE_MIN_CALLS - 1)).toBeNull();
  });

  it('gives rates per 100 calls and the change of rate, even where the count falls and the rate rises', () => {
    expect(ratePer100(3, 0)).toBeNull();
    expect(ratePer100(7, 40)).toBe(17.5);
    // 30 in 300 calls (10 per 100) against 40 in 100 calls (40 per 100) before: fewer, and a lower rate.
    expect(rateFieldsOf(30, 40, { calls: 300, previousCalls: 100, weeklyCalls: [] })).toEqual({
      rate: 10,
      previousRate: 40,
      rateChange: -30,
      trend: 'falling',
    });
    // Fewer detections (20 against 24) while calls fell more (40 against 120): the rate rose from 20 to 50.
    const fields = rateFieldsOf(20, 24, { calls: 40, previousCalls: 120, weeklyCalls: [] });
    expect(fields).toEqual({ rate: 50, previousRate: 20, rateChange: 30, trend: 'rising' });
    expect(rateFieldsOf(1, 0, { calls: 10, previousCalls: 0, weeklyCalls: [] })).toEqual({
      rate: 10,
      previousRate: null,
      rateChange: null,
      trend: null,
    });
  });
});
