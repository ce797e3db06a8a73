import { describe, expect, it } from 'vitest';
import {
  addressFilters,
  addressOf,
  filtersFromAddress,
  isSessionFilter,
  readableKey,
  withoutFilters,
} from '@/resources/sessions/sessionFilters';
import { addressedQuery } from '@/resources/sessions/sessionNavigation';

const GROUP = '5b2f7c1e-8a4d-4c3b-9e21-0f6d7a8b9c10';

describe("the sessions list's filters in its address", () => {
  it('reads the filters an address names, as the server would take them; null when it names none', () => {
    expect(filtersFromAddress('')).toBeNull();
    expect(filtersFromAddress('?page=3&tab=x')).toBeNull();
    expect(filtersFromAddress(`?rep=%20Emma%40X.test%20&inquiry=${GROUP}&label=Training%3F&from=2026-01-01&to=2026-01-31`)).toEqual({
      rep: 'Emma@X.test',
      inquiry: GROUP,
      label: 'Training?',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    // refused values are left out, the rest kept; a label alone names nothing
    expect(filtersFromAddress('?from=2026-02-30&to=1969-12-31&status=archived&inquiry=x&item=&label=Alone&search=acme')).toEqual({
      search: 'acme',
    });
    expect(filtersFromAddress('?rep=')).toEqual({});
  });

  it('writes them in one order, whatever theirs, and nothing without any', () => {
    expect(addressOf({})).toBe('');
    expect(addressOf({ to: '2026-01-31', item: 'q:faq:a b', status: 'failed', label: 'A b', page: 2 })).toBe(
      '?status=failed&item=q%3Afaq%3Aa+b&to=2026-01-31&label=A+b',
    );
    expect(addressFilters({ rep: 'a@x.test', label: 'Stray', search: '' })).toEqual({ rep: 'a@x.test' });
  });

  it('removes a filter with the label that names it, and only then', () => {
    const filter = { item: 'k1', landmine: 'k2', label: 'Item one', rep: 'a@x.test' };
    expect(withoutFilters(filter, ['item'])).toEqual({ landmine: 'k2', rep: 'a@x.test' });
    expect(withoutFilters(filter, ['landmine'])).toEqual({ item: 'k1', label: 'Item one', rep: 'a@x.test' });
    expect(withoutFilters({ from: '2026-01-01', to: '2026-01-02', status: 'failed' }, ['from', 'to'])).toEqual({ status: 'failed' });
  });

  it('shows the question of a q: key and the trigger of a t: key, any other key as it is', () => {
    expect(readableKey('q:objection:too expensive: really')).toBe('too expensive: really');
    expect(readableKey('q:new_inquiry:training?')).toBe('training?');
    expect(readableKey('t:guaranteed returns')).toBe('guaranteed returns');
    expect(readableKey(GROUP)).toBe(GROUP);
    expect(readableKey('t:')).toBe('t:');
  });

  it('accepts as a saved query only filters the list can apply', () => {
    expect(isSessionFilter({})).toBe(true);
    expect(isSessionFilter({ status: 'failed', search: 'acme', rep: 'a@x.test', item: 'k', label: 'K', from: '2026-01-01' })).toBe(true);
    expect(isSessionFilter({ team: 'north' })).toBe(false);
    expect(isSessionFilter({ status: 'archived' })).toBe(false);
    expect(isSessionFilter({ from: '2026-02-30' })).toBe(false);
    expect(isSessionFilter({ rep: ' a@x.test ' })).toBe(false);
    expect(isSessionFilter({ label: 'Names nothing' })).toBe(false);
    expect(isSessionFilter({ inquiry: 42 })).toBe(false);
  });

  it("opens the list at the address's filters from page 1, or as it was kept", () => {
    const kept = { page: 3, perPage: 15, sort: 'id', order: 'DESC' as const, filter: { rep: 'a@x.test' }, displayedFilters: {} };
    expect(addressedQuery(kept, '')).toBe(kept);
    expect(addressedQuery(kept, '?rep=a%40x.test')).toBe(kept);
    expect(addressedQuery(kept, '?item=k&label=K')).toEqual({ ...kept, page: 1, filter: { item: 'k', label: 'K' } });
  });
});
