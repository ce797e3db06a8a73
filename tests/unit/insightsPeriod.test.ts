import { describe, expect, it } from 'vitest';
import { monthOf, monthSpansOf, resolvePeriod, spansOf, weekOf } from '../../server/services/insights/period';
import { insightsQuerySchema } from '../../src/contract/insights';

// Wednesday 2026-05-13, late in the day UTC (still the 13th), and just after midnight.
const wednesdayEvening = Date.parse('2026-05-13T23:59:59.999Z');
const thursdayMidnight = Date.parse('2026-05-14T00:00:00.000Z');

describe('resolvePeriod (contract/insights.ts: a period ends today, UTC; the previous one is as long, just before)', () => {
  it('defaults to 30 days ending today', () => {
    expect(resolvePeriod({}, wednesdayEvening)).toEqual({
      from: '2026-04-14',
      to: '2026-05-13',
      previousFrom: '2026-03-15',
      previousTo: '2026-04-13',
      weeks: ['2026-04-13', '2026-04-20', '2026-04-27', '2026-05-04', '2026-05-11'],
    });
  });

  it('takes today as the UTC day of now', () => {
    expect(resolvePeriod({ period: '7d' }, thursdayMidnight)).toMatchObject({ from: '2026-05-08', to: '2026-05-14' });
  });

  it('covers 7, 30 and 90 days, inclusive, with a previous period of the same length', () => {
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    for (const [period, length] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const range = resolvePeriod({ period }, wednesdayEvening);
      expect(range.to).toBe('2026-05-13');
      expect(days(range.from, range.to)).toBe(length);
      expect(days(range.previousFrom, range.previousTo)).toBe(length);
      expect(days(range.previousTo, range.from)).toBe(2); // previousTo is the day before from
    }
  });

  it('takes a from/to range as given, whatever now is', () => {
    expect(resolvePeriod({ from: '2026-02-23', to: '2026-03-01', period: '90d' }, wednesdayEvening)).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
      previousFrom: '2026-02-16',
      previousTo: '2026-02-22',
      weeks: ['2026-02-23'],
    });
  });

  it('names every ISO week the period touches by its Monday, a one-day period included', () => {
    // Sunday 2026-03-01 lies in the week of Monday 2026-02-23, Monday 2026-03-02 starts the next.
    expect(resolvePeriod({ from: '2026-03-01', to: '2026-03-02' }).weeks).toEqual(['2026-02-23', '2026-03-02']);
    expect(resolvePeriod({ from: '2026-03-04', to: '2026-03-04' })).toEqual({
      from: '2026-03-04',
      to: '2026-03-04',
      previousFrom: '2026-03-03',
      previousTo: '2026-03-03',
      weeks: ['2026-03-02'],
    });
  });

  it('crosses years and leap days', () => {
    const range = resolvePeriod({ from: '2024-02-28', to: '2024-03-01' });
    expect(range).toMatchObject({ previousFrom: '2024-02-25', previousTo: '2024-02-27', weeks: ['2024-02-26'] });
    // 2021-01-01 is a Friday of ISO week 2020-W53, whose Monday is 2020-12-28.
    expect(resolvePeriod({ from: '2021-01-01', to: '2021-01-04' }).weeks).toEqual(['2020-12-28', '2021-01-04']);
  });

  it('spans at most 58 weeks for the longest range the query accepts', () => {
    const query = insightsQuerySchema.parse({ from: '2025-01-01', to: '2026-02-04' });
    const range = resolvePeriod(query);
    expect(range.previousTo).toBe('2024-12-31');
    expect(range.previousFrom).toBe('2023-11-28');
    expect(range.weeks[0]).toBe('2024-12-30');
    expect(range.weeks.at(-1)).toBe('2026-02-02');
    expect(range.weeks).toHaveLength(58);
  });
});

describe('weekOf', () => {
  it('is the Monday of the day s ISO week', () => {
    expect(weekOf('2026-05-11')).toBe('2026-05-11');
    expect(weekOf('2026-05-17')).toBe('2026-05-11');
    expect(weekOf('2026-05-18')).toBe('2026-05-18');
  });
});

describe('spansOf (a period as whole ISO weeks plus the days at its edges)', () => {
  /** Every day of a range, YYYY-MM-DD. */
  const daysOf = (from: string, to: string) => {
    const days: string[] = [];
    for (let ms = Date.parse(from); ms <= Date.parse(to); ms += 86_400_000) days.push(new Date(ms).toISOString().slice(0, 10));
    return days;
  };
  /** The days a decomposition covers, each once. */
  const covered = (spans: ReturnType<typeof spansOf>) => [
    ...(spans.weeks
      ? daysOf(spans.weeks.from, spans.weeks.to)
          .filter((day) => weekOf(day) === day)
          .flatMap((monday) => daysOf(monday, new Date(Date.parse(monday) + 6 * 86_400_000).toISOString().slice(0, 10)))
      : []),
    ...spans.days.flatMap((span) => daysOf(span.from, span.to)),
  ];

  it('reads whole weeks by their Mondays and the edges by days', () => {
    // Wednesday 2026-04-15 to Wednesday 2026-05-13: weeks of 04-20 .. 05-04, days 04-15..19 and 05-11..13
    expect(spansOf({ from: '2026-04-15', to: '2026-05-13' })).toEqual({
      weeks: { from: '2026-04-20', to: '2026-05-04' },
      days: [
        { from: '2026-04-15', to: '2026-04-19' },
        { from: '2026-05-11', to: '2026-05-13' },
      ],
    });
  });

  it('needs no days when the period is whole weeks', () => {
    expect(spansOf({ from: '2026-05-04', to: '2026-05-17' })).toEqual({ weeks: { from: '2026-05-04', to: '2026-05-11' }, days: [] });
    expect(spansOf({ from: '2026-05-11', to: '2026-05-17' })).toEqual({ weeks: { from: '2026-05-11', to: '2026-05-11' }, days: [] });
  });

  it('is all days when no whole week fits', () => {
    expect(spansOf({ from: '2026-05-12', to: '2026-05-17' })).toEqual({ weeks: null, days: [{ from: '2026-05-12', to: '2026-05-17' }] });
    expect(spansOf({ from: '2026-05-13', to: '2026-05-19' })).toEqual({ weeks: null, days: [{ from: '2026-05-13', to: '2026-05-19' }] });
    expect(spansOf({ from: '2026-05-13', to: '2026-05-13' })).toEqual({ weeks: null, days: [{ from: '2026-05-13', to: '2026-05-13' }] });
  });

  it('covers every day of any period exactly once, and reads a year in some sixty rows', () => {
    for (let start = Date.parse('2026-01-01'); start < Date.parse('2026-01-15'); start += 86_400_000) {
      for (const length of [1, 6, 7, 8, 13, 14, 15, 30, 90, 365]) {
        const from = new Date(start).toISOString().slice(0, 10);
        const to = new Date(start + (length - 1) * 86_400_000).toISOString().slice(0, 10);
        const spans = spansOf({ from, to });
        expect(covered(spans).sort(), `${from}..${to}`).toEqual(daysOf(from, to));
        const rows =
          (spans.weeks ? (Date.parse(spans.weeks.to) - Date.parse(spans.weeks.from)) / (7 * 86_400_000) + 1 : 0) +
          covered({ weeks: null, days: spans.days }).length;
        expect(rows).toBeLessThanOrEqual(Math.ceil(length / 7) + 12);
      }
    }
  });
});

describe('monthSpansOf (a total: whole months, then weeks and days at the edges)', () => {
  const DAY = 86_400_000;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const daysOf = (from: string, to: string) => {
    const days: string[] = [];
    for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY) days.push(dayOf(ms));
    return days;
  };
  /** The days a row of each grain stands for: a day, its ISO week from the Monday, its month from the first. */
  const daysOfRow = (grain: 'd' | 'w' | 'm', day: string) => {
    if (grain === 'd') return [day];
    if (grain === 'w') return daysOf(day, dayOf(Date.parse(day) + 6 * DAY));
    const start = new Date(Date.parse(day));
    return daysOf(day, dayOf(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) - DAY));
  };
  /** Every row a decomposition reads, as [grain, day]. */
  const rowsOf = (spans: ReturnType<typeof monthSpansOf>) =>
    spans.flatMap((span) =>
      daysOf(span.from, span.to)
        .filter((day) => (span.grain === 'w' ? weekOf(day) === day : span.grain === 'm' ? monthOf(day) === day : true))
        .map((day) => [span.grain, day] as const),
    );

  it('reads the whole months by their first days and the rest by weeks and days', () => {
    // Monday 2025-11-24 .. Thursday 2026-11-26 (a year of the page): months Dec 2025 .. Oct 2026
    expect(monthSpansOf({ from: '2025-11-24', to: '2026-11-26' })).toEqual([
      { grain: 'w', from: '2025-11-24', to: '2025-11-24' },
      { grain: 'm', from: '2025-12-01', to: '2026-10-01' },
      { grain: 'w', from: '2026-11-02', to: '2026-11-16' },
      { grain: 'd', from: '2026-11-01', to: '2026-11-01' },
      { grain: 'd', from: '2026-11-23', to: '2026-11-26' },
    ]);
  });

  it('is weeks and days when no whole month fits', () => {
    expect(monthSpansOf({ from: '2026-04-15', to: '2026-05-13' })).toEqual([
      { grain: 'w', from: '2026-04-20', to: '2026-05-04' },
      { grain: 'd', from: '2026-04-15', to: '2026-04-19' },
      { grain: 'd', from: '2026-05-11', to: '2026-05-13' },
    ]);
    expect(monthSpansOf({ from: '2026-02-01', to: '2026-02-28' })).toEqual([{ grain: 'm', from: '2026-02-01', to: '2026-02-01' }]);
  });

  it('covers every day of any period exactly once, and reads a year in some thirty rows', () => {
    for (let start = Date.parse('2025-12-20'); start < Date.parse('2026-01-20'); start += 3 * DAY) {
      for (const length of [1, 7, 28, 29, 31, 32, 62, 90, 365, 400]) {
        const from = dayOf(start);
        const to = dayOf(start + (length - 1) * DAY);
        const rows = rowsOf(monthSpansOf({ from, to }));
        expect(rows.flatMap(([grain, day]) => daysOfRow(grain, day)).sort(), `${from}..${to}`).toEqual(daysOf(from, to));
        expect(rows.length, `${from}..${to}`).toBeLessThanOrEqual(Math.ceil(length / 31) + 2 * (4 + 6));
      }
    }
  });
});
