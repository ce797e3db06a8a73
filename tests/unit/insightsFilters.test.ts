import { describe, expect, it } from 'vitest';
import { filtersFromSearch, queryOfFilters, rangeOfFilters, searchOfFilters, sessionsLink } from '@/customPages/insights/insightsFilters';
import { insightsQueryString } from '@/dataProvider/insightsApi';
import { sessionsPath } from '@/resources/sessions/sessionFilters';

/** The Sessions list's address with the filters a flat query names, in react-admin's own form. */
const sessionsAt = (query: string) => sessionsPath(Object.fromEntries(new URLSearchParams(query)));

const read = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe("the Insights page's filters in its URL", () => {
  it('default to the last 30 days, all reps, all statuses', () => {
    expect(read('')).toEqual({ period: '30d' });
    expect(searchOfFilters(read(''))).toBe('?period=30d');
  });

  it('read a period or a range, a rep and a status, and write them back in one order', () => {
    expect(read('status=failed&rep=pat%40example.test&period=7d')).toEqual({ period: '7d', rep: 'pat@example.test', status: 'failed' });
    expect(searchOfFilters(read('status=failed&rep=pat%40example.test&period=7d'))).toBe('?period=7d&rep=pat%40example.test&status=failed');
    expect(read('from=2026-01-01&to=2026-01-31&period=7d')).toEqual({ period: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(searchOfFilters(read('to=2026-01-31&from=2026-01-01'))).toBe('?from=2026-01-01&to=2026-01-31');
  });

  it('read what the API would refuse as no filter, so a damaged link still shows a page', () => {
    expect(read('period=1y&status=in_progress&rep=%20')).toEqual({ period: '30d' });
    // half a range, a reversed one, one over 400 days, one that is no date
    expect(read('from=2026-01-01&period=90d')).toEqual({ period: '90d' });
    expect(read('from=2026-02-01&to=2026-01-01')).toEqual({ period: '30d' });
    expect(read('from=2024-01-01&to=2026-01-01')).toEqual({ period: '30d' });
    expect(read('from=2026-02-30&to=2026-03-01')).toEqual({ period: '30d' });
  });

  it('send a period or a range, never both, and leave out what is not set', () => {
    expect(insightsQueryString(queryOfFilters({ period: '90d' }))).toEqual({ period: '90d', rep: undefined, status: undefined });
    expect(insightsQueryString(queryOfFilters({ period: 'custom', from: '2026-01-01', to: '2026-01-31', status: 'completed' }))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      rep: undefined,
      status: 'completed',
    });
  });

  it('start a custom range from the period it replaces, ending today (UTC)', () => {
    const now = Date.parse('2026-03-31T23:30:00Z');
    expect(rangeOfFilters({ period: '7d' }, now)).toEqual({ from: '2026-03-25', to: '2026-03-31' });
    expect(rangeOfFilters({ period: 'custom', from: '2026-01-01', to: '2026-01-02' }, now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-02',
    });
  });
});

describe('a link to the calls behind a figure', () => {
  const period = { from: '2026-03-02', to: '2026-03-31' };
  it('names the filter and its label, the days, then the rep and status the page filters by (finished calls without a status)', () => {
    expect(sessionsLink({ item: 'q:objection:too pricey', label: 'Too pricey & slow' }, period, {})).toBe(
      sessionsAt('item=q%3Aobjection%3Atoo+pricey&label=Too+pricey+%26+slow&from=2026-03-02&to=2026-03-31&finished=true'),
    );
    expect(sessionsLink({ landmine: 'l1', label: 'Free' }, period, { rep: 'pat@example.test', status: 'failed' })).toBe(
      sessionsAt('landmine=l1&label=Free&from=2026-03-02&to=2026-03-31&rep=pat%40example.test&status=failed'),
    );
  });

  it("of a rep's calls, names the rep first and once", () => {
    expect(sessionsLink({ rep: 'sam@example.test' }, period, { rep: 'sam@example.test', status: 'completed' })).toBe(
      sessionsAt('rep=sam%40example.test&from=2026-03-02&to=2026-03-31&status=completed'),
    );
  });
});
