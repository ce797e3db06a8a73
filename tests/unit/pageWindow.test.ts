import { describe, expect, it } from 'vitest';
import { pageWindow, totalPagesOf } from '@/layout/pageWindowMath';

describe('pageWindow (spec 9: at most 5 page buttons, sliding)', () => {
  it('starts at page 1 near the start', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the current page in the middle', () => {
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
  });

  it('ends at the last page near the end', () => {
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('shows nothing without pages and clamps a page out of range', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(42, 8)).toEqual([4, 5, 6, 7, 8]);
  });

  it('honours another window size', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });

  it('counts pages from the total of originals', () => {
    expect(totalPagesOf(0, 20)).toBe(0);
    expect(totalPagesOf(20, 20)).toBe(1);
    expect(totalPagesOf(41, 20)).toBe(3);
  });
});
