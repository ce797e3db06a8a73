import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ResourceDeclaration } from '../../src/resources/types';
import { testDataProvider } from '../support/testDataProvider';

const registry: ResourceDeclaration[] = [
  {
    name: 'users',
    api: { dialect: 'spec', path: '/admin/users', listKey: 'data.users', itemKey: 'data', paging: 'server' },
    schema: z.object({ email: z.string(), name: z.string(), role: z.string(), isActive: z.boolean() }),
  },
  { name: 'objections', api: { dialect: 'spec', path: '/dictionary/objections', listKey: 'objections', paging: 'grouped' } },
  { name: 'landmines', api: { dialect: 'spec', path: '/landmines', listKey: 'landmines', itemKey: 'landmine', paging: 'all' } },
  { name: 'audit', api: { dialect: 'simple-rest', path: '/audit', paging: 'server', idField: 'id' } },
];

type Route = (url: URL, init: RequestInit) => unknown;

const setup = (route: Route, headers: Record<string, string> = {}) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(route(url, init)), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  return { dataProvider: testDataProvider(fetchFn, registry), calls };
};

const page = (page: number, perPage: number) => ({
  pagination: { page, perPage },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
});

describe('createDataProvider (spec dialect)', () => {
  it('lists server-paged users from data.users with data.pagination.total and translates _id', async () => {
    const { dataProvider, calls } = setup(() => ({
      success: true,
      data: { users: [{ _id: 'u1', email: 'a@x.test' }], pagination: { page: 2, limit: 10, total: 11 } },
    }));
    const result = await dataProvider.getList('users', { ...page(2, 10), filter: { role: 'admin', isActive: true } });
    expect(calls[0].url).toBe('/api/admin/users?page=2&limit=10&role=admin&isActive=true');
    expect(result).toEqual({ data: [{ id: 'u1', email: 'a@x.test' }], total: 11 });
  });

  it('lists grouped resources on the grouped path with pagination.total', async () => {
    const { dataProvider, calls } = setup(() => ({
      objections: [{ _id: 'o1', variations: [] }],
      pagination: { total: 40, totalPages: 2 },
    }));
    const result = await dataProvider.getList('objections', { ...page(1, 20), filter: { category: 'Price' } });
    expect(calls[0].url).toBe('/api/dictionary/objections/grouped?page=1&limit=20&category=Price');
    expect(result.total).toBe(40);
    expect(result.data[0]).toEqual({ id: 'o1', variations: [] });
  });

  it.each([
    ['a plain array', [{ _id: 'l3' }, { _id: 'l1' }, { _id: 'l2' }]],
    ['the landmines envelope', { success: true, landmines: [{ _id: 'l3' }, { _id: 'l1' }, { _id: 'l2' }] }],
  ])('pages all-at-once lists in the browser from %s', async (_, body) => {
    const { dataProvider, calls } = setup(() => body);
    const result = await dataProvider.getList('landmines', { ...page(2, 2), filter: { priority: 'high' } });
    expect(calls[0].url).toBe('/api/landmines?priority=high');
    expect(result).toEqual({ data: [{ id: 'l3' }], total: 3 });
  });

  it('gets one record from its envelope', async () => {
    const { dataProvider, calls } = setup(() => ({ success: true, data: { _id: 'u 1', email: 'a@x.test' } }));
    const { data } = await dataProvider.getOne('users', { id: 'u 1' });
    expect(calls[0].url).toBe('/api/admin/users/u%201');
    expect(data).toEqual({ id: 'u 1', email: 'a@x.test' });
  });

  it('gets many through getOne', async () => {
    const { dataProvider, calls } = setup((url) => ({ success: true, data: { _id: url.pathname.split('/').pop() } }));
    const { data } = await dataProvider.getMany('users', { ids: ['a', 'b'] });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/users/a', '/api/admin/users/b']);
    expect(data).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('creates without sending id and keeps only the schema keys', async () => {
    const { dataProvider, calls } = setup(() => ({ success: true, data: { _id: 'new', email: 'n@x.test' } }));
    const { data } = await dataProvider.create('users', {
      data: { email: 'n@x.test', name: 'N', role: 'user', isActive: true, id: 'x', createdAt: 'now' },
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/admin/users',
      body: { email: 'n@x.test', name: 'N', role: 'user', isActive: true },
    });
    expect(data).toEqual({ id: 'new', email: 'n@x.test' });
  });

  it('updates with PUT on the item path, falling back to the sent data when the response has no item', async () => {
    const { dataProvider, calls } = setup(() => ({ success: true }));
    const { data } = await dataProvider.update('landmines', {
      id: 'l1',
      data: { id: 'l1', trigger: 'refund' },
      previousData: { id: 'l1' },
    });
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/landmines/l1', body: { trigger: 'refund' } });
    expect(data).toEqual({ id: 'l1', trigger: 'refund' });
  });

  it('deletes on the item path', async () => {
    const { dataProvider, calls } = setup(() => ({ success: true }));
    const { data } = await dataProvider.delete('users', { id: 'u1', previousData: { id: 'u1', email: 'a' } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/users/u1' });
    expect(data).toEqual({ id: 'u1', email: 'a' });
  });

  it('sends the version the record was shown at with a delete (docs/api.md "Versions")', async () => {
    const { dataProvider, calls } = setup(() => ({ success: true }));
    await dataProvider.delete('landmines', { id: 'l1', previousData: { id: 'l1', version: 4 } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/landmines/l1?version=4' });
  });

  it('routes simple-rest resources to ra-data-simple-rest through the same client', async () => {
    const { dataProvider, calls } = setup(() => [{ id: 7, action: 'update' }], { 'Content-Range': 'audit 0-0/1' });
    const result = await dataProvider.getList('audit', page(1, 10));
    expect(calls[0].url.startsWith('/api/audit?')).toBe(true);
    expect(decodeURIComponent(calls[0].url)).toContain('range=[0,9]');
    expect(result).toEqual({ data: [{ id: 7, action: 'update' }], total: 1 });
  });

  it('rejects unknown resources', async () => {
    const { dataProvider } = setup(() => ({}));
    await expect(dataProvider.getList('nope', page(1, 10))).rejects.toThrow('Unknown resource: nope');
  });
});

describe('speech-rate custom methods', () => {
  it('reads the settings from GET /speech-rate', async () => {
    const settings = { enabled: true, time_window: 30, max_words: 150 };
    const { dataProvider, calls } = setup(() => ({ success: true, data: settings }));
    await expect(dataProvider.getSpeechRate()).resolves.toEqual(settings);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/speech-rate' });
  });

  it('saves the settings with PUT /speech-rate', async () => {
    const settings = { enabled: false, time_window: 60, max_words: 200 };
    const { dataProvider, calls } = setup(() => ({ success: true, data: settings }));
    await expect(dataProvider.updateSpeechRate(settings)).resolves.toEqual(settings);
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/speech-rate', body: settings });
  });
});
