import { describe, expect, it } from 'vitest';
import { type FlaggedFigures, flagsOf, quantile, teamFences } from '../../server/services/insights/repFlags';
import { DEFAULT_TARGET_BANDS, REP_FLAG_MIN_CALLS } from '../../src/contract/insights';

const rep = (calls: number, alertsPerHour: number | null, talkRatio: number | null = 0.5): FlaggedFigures => ({
  calls,
  talkRatio,
  longestMonologue: null,
  questionsPerCall: 4,
  alertsPerHour,
  landminesPer10Calls: 0,
  sentiment: null,
});

describe('rep flags', () => {
  it('reads quartiles as R does (type 7)', () => {
    expect(quantile([2, 3, 4, 5, 15.6], 0.25)).toBe(3);
    expect(quantile([2, 3, 4, 5, 15.6], 0.75)).toBe(5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 10);
    expect(quantile([1, 2, 3, 4], 0.75)).toBeCloseTo(3.25, 10);
  });

  it('flags a figure outside 1.5 IQR of the team, and outside its target band, with the limit crossed', () => {
    const team = [rep(20, 2), rep(12, 3), rep(9, 4), rep(30, 5), rep(15, 15.6)];
    const fences = teamFences(team);
    // Q1 3, Q3 5: the fences are 3 - 3 = 0 and 5 + 3 = 8.
    expect(fences.get('alertsPerHour')).toEqual({ low: 0, high: 8 });
    expect(flagsOf(team[4], fences, DEFAULT_TARGET_BANDS)).toEqual([
      { metric: 'alertsPerHour', reason: 'aboveTeam', limit: 8 },
      { metric: 'alertsPerHour', reason: 'aboveTarget', limit: 6 },
    ]);
    expect(flagsOf(team[0], fences, DEFAULT_TARGET_BANDS)).toEqual([]);
    // A talk ratio of 30 %: below every rep of the team (all at 50 %) and under the band's 35 %.
    expect(flagsOf(rep(10, 1, 0.3), fences, DEFAULT_TARGET_BANDS)).toEqual([
      { metric: 'talkRatio', reason: 'belowTeam', limit: 0.5 },
      { metric: 'talkRatio', reason: 'belowTarget', limit: 0.35 },
    ]);
  });

  it('flags nobody below the minimum of calls, and compares only reps with enough calls', () => {
    const team = [rep(20, 2), rep(12, 3), rep(9, 4), rep(REP_FLAG_MIN_CALLS - 1, 40)];
    // Three reps with enough calls: too few to tell the team's spread.
    expect(teamFences(team).has('alertsPerHour')).toBe(false);
    expect(flagsOf(team[3], teamFences(team), DEFAULT_TARGET_BANDS)).toEqual([]);
  });
});
