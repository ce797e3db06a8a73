import { describe, expect, it } from 'vitest';
import { sparklinePoints } from '../../src/customPages/insights/Sparkline';

// src/customPages/insights/Sparkline.tsx: a row's weekly trend in a 96 x 28 drawing with a 3 px margin.
const pointsOf = (values: (number | null)[]) =>
  sparklinePoints(values)
    .split(' ')
    .map((point) => point.split(',').map(Number));

describe('a sparkline', () => {
  it('spreads the weeks over the width, the highest week at the top and the lowest at the bottom', () => {
    expect(pointsOf([2, 8, 5])).toEqual([
      [3, 25],
      [48, 3],
      [93, 14],
    ]);
  });

  it('draws a flat trend across the middle, and one week in the middle of the drawing', () => {
    expect(pointsOf([4, 4])).toEqual([
      [3, 14],
      [93, 14],
    ]);
    expect(pointsOf([7])).toEqual([[48, 14]]);
  });

  it('skips a week without a value, keeping the other weeks where they fall', () => {
    expect(pointsOf([0, null, 10])).toEqual([
      [3, 25],
      [93, 3],
    ]);
  });
});
