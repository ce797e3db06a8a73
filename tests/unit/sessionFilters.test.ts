import { describe, expect, it } from 'vitest';
import { parseQueryFromLocation } from 'react-admin';
import { isSessionFilter, readableKey, sessionsPath, withoutFilters } from '@/resources/sessions/sessionFilters';

const GROUP = '5b2f7c1e-8a4d-4c3b-9e21-0f6d7a8b9c10';

describe("the sessions list's filters in its address", () => {
  it("writes a link to the list filtered in react-admin's own address form, which its controller reads back", () => {
    const filter = { rep: 'Emma@X.test', inquiry: GROUP, label: 'Training & more?', from: '2026-01-01', to: '2026-01-31' };
    const path = sessionsPath(filter);
    expect(path.startsWith('/sessions?filter=')).toBe(true);
    expect(parseQueryFromLocation({ search: path.slice('/sessions'.length) })).toEqual({ filter });
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
});
