import { localStorageStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import sessions from '../../src/resources/sessions';
import {
  listPageOf,
  placeOf,
  SESSION_LIST_STORE_KEY,
  type SessionListPage,
  sessionListParams,
  sessionListQuery,
} from '../../src/resources/sessions/sessionNavigation';
import type { SessionSummary } from '../../src/resources/sessions/sessionTypes';

// src/resources/sessions/sessionNavigation.ts: the list's params in react-admin's store, and the detail's walk over them.

const row = (sessionId: string, sessionName = `Call ${sessionId}`) =>
  ({ sessionId, sessionName, userEmail: 'sam@example.test' }) as SessionSummary;
const page = (overrides: Partial<SessionListPage>): SessionListPage => ({ page: 1, perPage: 15, ids: [], total: null, ...overrides });
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

afterEach(() => localStorageStore().removeItem(SESSION_LIST_STORE_KEY));

describe('the list params', () => {
  it('are page 1 of 15, no filters, when nothing usable is stored', () => {
    for (const stored of [undefined, null, 'page=3', 7, { page: 3 }]) {
      expect(sessionListParams(sessionListQuery(stored))).toEqual({
        pagination: { page: 1, perPage: 15 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
    }
  });

  it('are what the list controller stored: its page and filters', () => {
    const stored = { page: 3, perPage: 15, sort: 'id', order: 'DESC', filter: { status: 'failed', search: 'acme' }, displayedFilters: {} };
    expect(sessionListParams(sessionListQuery(stored))).toEqual({
      pagination: { page: 3, perPage: 15 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'failed', search: 'acme' },
    });
  });

  it("are the address's when it names any, whatever the store kept, from page 1", () => {
    const stored = { page: 3, perPage: 15, sort: 'id', order: 'DESC', filter: { status: 'failed' }, displayedFilters: {} };
    const search = `?${new URLSearchParams({ filter: JSON.stringify({ rep: 'a@x.test' }) })}`;
    expect(sessionListParams(sessionListQuery(stored, search))).toEqual({
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'id', order: 'DESC' },
      filter: { rep: 'a@x.test' },
    });
  });

  it("make the page's first read of /sessions, from the store, and none of the detail's list", () => {
    expect(sessions.firstRead?.('')).toEqual({ method: 'getList', params: sessionListParams(sessionListQuery(undefined)) });
    localStorageStore().setItem(SESSION_LIST_STORE_KEY, {
      page: 2,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { status: 'completed' },
    });
    expect(sessions.firstRead?.('')).toEqual({
      method: 'getList',
      params: { pagination: { page: 2, perPage: 15 }, sort: { field: 'id', order: 'DESC' }, filter: { status: 'completed' } },
    });
    expect(sessions.firstRead?.('call-1')).toEqual({ method: 'getOne', params: { id: 'call-1' } });
  });
});

describe('a page of the list, as the list shows it', () => {
  it('is every row the server sent, with its total, when nothing hides any', () => {
    const query = sessionListQuery({ page: 2, filter: { search: 'call' } });
    expect(listPageOf(query, 2, [row('a'), row('b')], 40)).toEqual({ page: 2, perPage: 15, ids: ['a', 'b'], total: 40 });
  });

  it('is only what the search shows of the page, with no total, when it hides some (spec 5)', () => {
    const query = sessionListQuery({ page: 1, filter: { search: 'acme' } });
    const data = [row('a', 'Acme one'), row('b', 'Globex'), row('c', 'ACME two')];
    expect(listPageOf(query, 1, data, 40)).toEqual({ page: 1, perPage: 15, ids: ['a', 'c'], total: null });
  });
});

describe('placeOf', () => {
  it('is nowhere for a session not on the page (a shared link)', () => {
    expect(placeOf(page({ ids: ['a', 'b'], total: 2 }), 'z')).toBeNull();
  });

  it('counts over every page and names the neighbours on the page', () => {
    expect(placeOf(page({ page: 2, ids: ids('p2-', 15), total: 40 }), 'p2-5')).toEqual({
      position: 20,
      total: 40,
      previous: 'p2-4',
      next: 'p2-6',
      previousPage: null,
      nextPage: null,
    });
  });

  it('names the neighbouring page at either edge, and none past the ends', () => {
    const middle = page({ page: 2, ids: ids('p2-', 15), total: 40 });
    expect(placeOf(middle, 'p2-1')).toMatchObject({ position: 16, previous: null, previousPage: 1 });
    expect(placeOf(middle, 'p2-15')).toMatchObject({ position: 30, next: null, nextPage: 3 });
    const first = page({ page: 1, ids: ids('p1-', 15), total: 40 });
    expect(placeOf(first, 'p1-1')).toMatchObject({ position: 1, previousPage: null });
    const last = page({ page: 3, ids: ids('p3-', 10), total: 40 });
    expect(placeOf(last, 'p3-10')).toMatchObject({ position: 40, total: 40, nextPage: null });
  });

  it('stays on the ids shown when the page showed only part of what the server sent', () => {
    expect(placeOf(page({ page: 3, ids: ['a', 'b', 'c'], total: null }), 'a')).toEqual({
      position: 1,
      total: 3,
      previous: null,
      next: 'b',
      previousPage: null,
      nextPage: null,
    });
  });

  it('never counts fewer than the rows shown, when the total moved under the page', () => {
    expect(placeOf(page({ page: 2, ids: ids('p2-', 15), total: 20 }), 'p2-15')).toMatchObject({ position: 30, total: 30, nextPage: null });
  });
});
