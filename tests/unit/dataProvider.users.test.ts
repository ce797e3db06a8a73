import { describe, expect, it, vi } from 'vitest';
import users from '../../src/resources/users';
import { testDataProvider } from '../support/testDataProvider';

type Route = (url: URL, init: RequestInit) => { status?: number; body: unknown };

/** The real users declaration over a fake fetch that records every call. */
const setup = (route: Route) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const { status = 200, body } = route(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { dataProvider: testDataProvider(fetchFn, [users]), calls };
};

const wireUser = {
  _id: 'u1',
  email: 'a@x.test',
  name: 'A',
  role: 'user',
  isActive: false,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the users resource on the dataProvider', () => {
  it('lists GET /admin/users with page, limit, search, role and isActive, reading data.users and data.pagination.total', async () => {
    const { dataProvider, calls } = setup(() => ({
      body: { success: true, data: { users: [wireUser], pagination: { page: 3, limit: 25, total: 51, pages: 3 } } },
    }));
    const result = await dataProvider.getList('users', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { search: 'a b', role: 'user', isActive: false },
    });
    expect(calls[0].url).toBe('/api/admin/users?page=3&limit=25&search=a+b&role=user&isActive=false');
    const { _id, ...rest } = wireUser;
    expect(result).toEqual({ data: [{ ...rest, id: _id }], total: 51 });
  });

  it('creates with email, password, name and role only', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { success: true, data: wireUser } }));
    const { data } = await dataProvider.create('users', {
      data: { email: 'a@x.test', password: 'secret1', name: 'A', role: 'user', id: 'x', extra: 1 },
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/admin/users',
      body: { email: 'a@x.test', password: 'secret1', name: 'A', role: 'user' },
    });
    expect(data.id).toBe('u1');
  });

  it('updates name, role and isActive with PUT /admin/users/{id}', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { success: true, data: { ...wireUser, name: 'B' } } }));
    await dataProvider.update('users', { id: 'u1', data: { name: 'B', role: 'admin', isActive: true }, previousData: { id: 'u1' } });
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/admin/users/u1', body: { name: 'B', role: 'admin', isActive: true } });
  });

  it('deletes with DELETE /admin/users/{id}', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { success: true } }));
    await dataProvider.delete('users', { id: 'u1', previousData: { id: 'u1' } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/users/u1' });
  });

  it('toggles with POST /admin/users/{id}/toggle and no body, returning the user with its id', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { success: true, data: wireUser } }));
    const user = await dataProvider.toggleUser('u1');
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/admin/users/u1/toggle', body: undefined });
    expect(user).toMatchObject({ id: 'u1', isActive: false });
    expect(user).not.toHaveProperty('_id');
  });

  it('resets a password with POST /admin/users/{id}/reset-password { newPassword }', async () => {
    const { dataProvider, calls } = setup(() => ({ body: { success: true, message: 'Password reset successfully' } }));
    await expect(dataProvider.resetPassword('u 1', 'brand-new')).resolves.toBeUndefined();
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/admin/users/u%201/reset-password', body: { newPassword: 'brand-new' } });
  });

  it("rejects with the server's message on a rule violation", async () => {
    const { dataProvider } = setup(() => ({ status: 409, body: { error: 'CONFLICT', message: 'You cannot disable your own account' } }));
    await expect(dataProvider.toggleUser('u1')).rejects.toMatchObject({ status: 409, message: 'You cannot disable your own account' });
  });
});
