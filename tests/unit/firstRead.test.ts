import type { DataProvider, GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { startFirstRead, withFirstRead } from '../../src/dataProvider/firstRead';
import type { PortalDataProvider } from '../../src/dataProvider/types';
import { startInsightsFirstRead } from '../../src/customPages/insights/insightsFirstRead';
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

describe('the first reads of the Insights page', () => {
  const period = {
    from: '2026-08-23',
    to: '2026-11-20',
    previousFrom: '2026-05-25',
    previousTo: '2026-08-22',
    weeks: ['2026-11-16'],
    calls: 40,
    previousCalls: 30,
    weeklyCalls: [40],
  };
  const earlyItem = {
    key: 'item-1',
    kind: 'objection',
    label: 'It is too expensive',
    category: 'Price',
    deleted: false,
    detections: 3,
    calls: 2,
    previousDetections: 1,
    change: 2,
    rate: 7.5,
    previousRate: 3.3,
    rateChange: 4.2,
    trend: null,
    weekly: [{ week: '2026-11-16', count: 3, rate: 7.5 }],
  };
  /** What the server would answer per section: items and filters as their schemas read them, the rest of another shape. */
  const bodies: Record<string, unknown> = {
    items: { period, items: [earlyItem], risers: ['item-1'] },
    filters: { reps: ['ana@example.test'], firstDay: '2026-01-05' },
  };
  const insightsFetch = () =>
    vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const section = new URL(String(input)).pathname.split('/').pop() ?? '';
      return new Response(JSON.stringify({ success: true, data: bodies[section] ?? { unexpected: section } }), { status: 200 });
    });

  const startInsights = (fetchFn: ReturnType<typeof insightsFetch>, search: string, token: string | null = 'stored-token') =>
    startInsightsFirstRead(search, {
      apiBaseUrl: 'http://api.test',
      storage: storageWith(token),
      now: () => NOW,
      fetch: fetchFn as typeof fetch,
    });

  const lateProvider = (token: string) => {
    const getInsights = vi.fn(async (section: string) => ({ late: section }));
    const wrapped = withFirstRead(
      { getList: vi.fn(), getInsights } as unknown as PortalDataProvider,
      async () => token,
      () => NOW + 500,
    );
    return { getInsights, wrapped };
  };

  it("asks for the first screen's items first, then the headline's other parts, then the rest, with the filters in its address", async () => {
    const answered: Array<() => void> = [];
    const fetchFn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const held = new Promise<void>((resolve) => answered.push(resolve));
      return held.then(() => insightsFetch()(input, init));
    });
    startInsights(
      fetchFn as unknown as ReturnType<typeof insightsFetch>,
      '?from=2026-09-01&to=2026-11-20&rep=ana%40example.test&status=completed',
    );
    const sections = () => fetchFn.mock.calls.map(([url]) => new URL(String(url)).pathname.replace('/api/insights/', ''));
    await vi.waitFor(() => expect(sections()).toEqual(['items']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sections()).toEqual(['items']);
    answered[0]();
    await vi.waitFor(() => expect(sections()).toEqual(['items', 'inquiries', 'reps', 'landmines']));
    answered[1]();
    answered[2]();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sections()).toHaveLength(4);
    answered[3]();
    await vi.waitFor(() => expect(sections()).toEqual(['items', 'inquiries', 'reps', 'landmines', 'answers', 'competitors', 'filters']));
    for (const answer of answered) answer();
    expect(new Headers(fetchFn.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer stored-token');
    const asked = fetchFn.mock.calls.map(([url]) => new URL(String(url)));
    expect(asked[6].search).toBe('');
    for (const url of asked.filter((url) => !url.pathname.endsWith('/filters'))) {
      expect(Object.fromEntries(url.searchParams)).toEqual({
        from: '2026-09-01',
        to: '2026-11-20',
        rep: 'ana@example.test',
        status: 'completed',
      });
    }
  });

  it("hands each answer once to the page's own read of the same section and filters; any other read asks as usual", async () => {
    const fetchFn = insightsFetch();
    startInsights(fetchFn, '?period=90d');
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(7));
    const { getInsights, wrapped } = lateProvider('stored-token');
    expect(await wrapped.getInsights('items', { period: '90d' })).toEqual(bodies.items);
    expect(await wrapped.getInsights('filters')).toEqual(bodies.filters);
    expect(getInsights).not.toHaveBeenCalled();
    // taken once; another period; an early answer its schema refused (it fails like a failed request)
    expect(await wrapped.getInsights('items', { period: '90d' })).toEqual({ late: 'items' });
    expect(await wrapped.getInsights('reps', { period: '30d' })).toEqual({ late: 'reps' });
    expect(await wrapped.getInsights('answers', { period: '90d' })).toEqual({ late: 'answers' });
    expect(getInsights).toHaveBeenCalledTimes(3);
  });

  it('sends nothing without a stored token, and an answer made with another token is not taken', async () => {
    const none = insightsFetch();
    startInsights(none, '?period=7d', null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(none).not.toHaveBeenCalled();

    const fetchFn = insightsFetch();
    startInsights(fetchFn, '?period=7d');
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(7));
    const { getInsights, wrapped } = lateProvider('new-token');
    expect(await wrapped.getInsights('items', { period: '7d' })).toEqual({ late: 'items' });
    expect(getInsights).toHaveBeenCalledTimes(1);
  });
});
