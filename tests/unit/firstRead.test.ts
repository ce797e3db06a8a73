import type { DataProvider, GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { startFirstRead, withFirstRead } from '../../src/dataProvider/firstRead';
import { resources } from '../../src/resources/registry';

// src/dataProvider/firstRead.ts: a list page's first read started beside the session restore.
const NOW = Date.parse('2026-11-23T10:00:00Z');

const storageWith = (token: string | null, expiresAt = NOW + 3_600_000): Storage => {
  const values = new Map<string, string>();
  if (token) values.set(AUTH_TOKEN_STORAGE_KEY, JSON.stringify({ token, expiresAt, issuedAt: NOW - 60_000 }));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
};

const sessionsPage = { success: true, data: [{ _id: 'r1', sessionId: 'early-1', sessionName: 'Early call' }], pagination: { total: 1 } };

const earlyFetch = (status = 200) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(sessionsPage), { status }));

/** What SessionList asks for on a fresh tab, after react-admin's useGetList filled in its defaults. */
const pageParams: GetListParams = { pagination: { page: 1, perPage: 15 }, sort: { field: 'id', order: 'DESC' }, filter: {} };

const inner = () => {
  const getList = vi.fn(async () => ({ data: [{ id: 'late-1' }], total: 1 }));
  return { getList, dataProvider: { getList } as unknown as DataProvider };
};

const start = (
  fetchFn: ReturnType<typeof earlyFetch>,
  { token = 'stored-token' as string | null, pathname = '/sessions', expiresAt = NOW + 3_600_000 } = {},
) =>
  startFirstRead({
    apiBaseUrl: 'http://api.test',
    pathname,
    resources,
    storage: storageWith(token, expiresAt),
    now: () => NOW,
    fetch: fetchFn as typeof fetch,
  });

afterEach(() => {
  // take whatever a test left, so the next starts with nothing pending
  void withFirstRead(
    inner().dataProvider,
    async () => null,
    () => NOW,
  ).getList('sessions', pageParams);
});

describe('the first read of a list page', () => {
  it('asks for the sessions page once, with the stored token, and the page takes that answer instead of asking again', async () => {
    const fetchFn = earlyFetch();
    start(fetchFn);
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchFn.mock.calls[0];
    expect(String(url)).toBe('http://api.test/api/admin/sessions?page=1&limit=15');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
    const { getList, dataProvider } = inner();
    const wrapped = withFirstRead(
      dataProvider,
      async () => 'stored-token',
      () => NOW + 500,
    );
    const answer = await wrapped.getList('sessions', pageParams);
    expect(answer.data.map((row) => row.id)).toEqual(['early-1']);
    expect(getList).not.toHaveBeenCalled();
    // taken once: the next read asks as usual
    await wrapped.getList('sessions', pageParams);
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('starts nothing without a stored token, with one inside the expiry buffer, or on a page that declares no first read', async () => {
    const fetchFn = earlyFetch();
    start(fetchFn, { token: null });
    start(fetchFn, { expiresAt: NOW + 60_000 });
    start(fetchFn, { pathname: '/dictionary' });
    start(fetchFn, { pathname: '/sessions/abc/more' });
    start(fetchFn, { pathname: '/users/abc' });
    // the read would have been sent after a few ticks (the token is awaited first): wait that long, and more
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('leaves the page to ask itself when the session is another token, the parameters differ, the answer is old or was refused', async () => {
    const cases: [string, () => void, string, GetListParams, number][] = [
      ['another token', () => start(earlyFetch()), 'new-token', pageParams, NOW + 500],
      ['another page', () => start(earlyFetch()), 'stored-token', { ...pageParams, pagination: { page: 2, perPage: 15 } }, NOW + 500],
      ['too late', () => start(earlyFetch()), 'stored-token', pageParams, NOW + 11_000],
      ['refused', () => start(earlyFetch(401)), 'stored-token', pageParams, NOW + 500],
    ];
    for (const [, begin, token, params, at] of cases) {
      begin();
      const { getList, dataProvider } = inner();
      const answer = await withFirstRead(
        dataProvider,
        async () => token,
        () => at,
      ).getList('sessions', params);
      expect(answer.data.map((row) => row.id)).toEqual(['late-1']);
      expect(getList).toHaveBeenCalledTimes(1);
    }
  });

  it('asks for the users page as UserList does: page 1 of 10, no filters', async () => {
    const fetchFn = earlyFetch();
    start(fetchFn, { pathname: '/users' });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    expect(String(fetchFn.mock.calls[0][0])).toBe('http://api.test/api/admin/users?page=1&limit=10');
  });

  it("asks for a session's detail on its page, and useGetOne's read takes it", async () => {
    // The page reads the compact detail (its resource's itemRead): the early read asks the same and puts the text back.
    const said = { timestamp: '2026-01-01T00:00:01.000Z', speaker: 'customer' };
    const detail = {
      success: true,
      data: {
        _id: 'r9',
        sessionId: 'call 9',
        sessionName: 'Detail call',
        transcripts: [{ ...said, text: 'It costs too much' }],
        sentimentAnalysis: { entries: [{ ...said, dominant_emotion: 'angry', confidence: 0.8 }] },
      },
    };
    const fetchFn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(detail), { status: 200 }));
    start(fetchFn as unknown as ReturnType<typeof earlyFetch>, { pathname: '/sessions/call%209' });
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(1));
    expect(String(fetchFn.mock.calls[0][0])).toBe('http://api.test/api/admin/sessions/call%209?entries=compact');
    const getOne = vi.fn(async () => ({ data: { id: 'late' } }));
    const wrapped = withFirstRead(
      { getOne } as unknown as DataProvider,
      async () => 'stored-token',
      () => NOW + 500,
    );
    const answer = await wrapped.getOne('sessions', { id: 'call 9', meta: undefined });
    expect(answer.data.id).toBe('call 9');
    expect(answer.data.sentimentAnalysis.entries).toEqual([
      { ...said, dominant_emotion: 'angry', confidence: 0.8, transcript: 'It costs too much' },
    ]);
    expect(getOne).not.toHaveBeenCalled();
  });
});
