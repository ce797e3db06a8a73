import { randomBytes } from 'node:crypto';
import { users } from '../../server/db/schema';
import { userListResponseSchema } from '../../src/contract/users';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { markEmailVerified, signUp } from '../support/identity';

/** GET /api/admin/users: search, filters and server-side paging over profiles, with the identity provider's verified flags. */
describe.each(DB_KINDS)('admin users: list (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const tag = `Tag${randomBytes(4).toString('hex')}`;
  const base = Date.parse('2024-03-01T00:00:00Z');
  /** 13 live profiles (i = 0..12): admin when i % 3 == 0, inactive when i % 4 == 0; created one minute apart. */
  const seeded = Array.from({ length: 13 }, (_, i) => ({
    uid: `list-${tag}-${i}`,
    email: `${tag.toLowerCase()}-u${i}@list.test`,
    name: `Person ${i}`,
    role: i % 3 === 0 ? ('admin' as const) : ('user' as const),
    isActive: i % 4 !== 0,
    createdAt: new Date(base + i * 60_000),
  }));

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db
      .insert(users)
      .values([
        ...seeded,
        { uid: `list-${tag}-deleted`, email: `${tag}-deleted@list.test`, name: 'Gone', deletedAt: new Date() },
        { uid: `lit-${tag}-1`, email: 'pct@literal.test', name: 'Done 100% done' },
        { uid: `lit-${tag}-2`, email: 'pct-decoy@literal.test', name: 'Done 1000 done' },
        { uid: `lit-${tag}-3`, email: 'under@literal.test', name: 'snake_case_name' },
        { uid: `lit-${tag}-4`, email: 'under-decoy@literal.test', name: 'snakeXcaseYname' },
        { uid: `lit-${tag}-5`, email: 'slash@literal.test', name: 'back\\slash' },
        { uid: `lit-${tag}-6`, email: 'slash-decoy@literal.test', name: 'backslash' },
      ]);
  });
  afterAll(() => t?.close());

  const list = async (query: Record<string, string | number>) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/users?${params}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return userListResponseSchema.parse(response.json()).data;
  };
  const indexes = (result: { users: { email: string }[] }) => result.users.map((user) => Number(/-u(\d+)@/.exec(user.email)?.[1]));

  it('answers the spec shape with page 1 and 10 rows by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['pagination', 'users']);
    expect(body.data.pagination).toEqual({ page: 1, limit: 10, total: 20, pages: 2 });
    expect(body.data.users).toHaveLength(10);
    // beyond the spec: version, deletedAt and emailFreed
    expect(Object.keys(body.data.users[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'deletedAt',
      'email',
      'emailFreed',
      'emailVerified',
      'isActive',
      'lastLogin',
      'name',
      'role',
      'version',
    ]);
  });

  it("carries each account's verified flag: true, false, or null for a profile without an account", async () => {
    const verified = await signUp();
    await markEmailVerified(verified.uid);
    const unverified = await signUp();
    const flagTag = `Flags${randomBytes(4).toString('hex')}`;
    await t.db.insert(users).values([
      { uid: verified.uid, email: verified.email, name: `${flagTag} verified` },
      { uid: unverified.uid, email: unverified.email, name: `${flagTag} unverified` },
      { uid: `no-account-${flagTag}`, email: `${flagTag.toLowerCase()}@list.test`, name: `${flagTag} no account` },
    ]);
    const flags = Object.fromEntries((await list({ search: flagTag })).users.map((user) => [user.name, user.emailVerified]));
    expect(flags).toEqual({ [`${flagTag} verified`]: true, [`${flagTag} unverified`]: false, [`${flagTag} no account`]: null });
    expect((await list({ search: tag, limit: 100 })).users.every((user) => user.emailVerified === null)).toBe(true);
  });

  it('pages on the server, newest first, and excludes soft-deleted profiles', async () => {
    const first = await list({ search: tag, limit: 5 });
    expect(first.pagination).toEqual({ page: 1, limit: 5, total: 13, pages: 3 });
    expect(indexes(first)).toEqual([12, 11, 10, 9, 8]);
    expect(first.users[0]).toMatchObject({ name: 'Person 12', createdAt: new Date(base + 12 * 60_000).toISOString(), lastLogin: null });
    expect(indexes(await list({ search: tag, limit: 5, page: 2 }))).toEqual([7, 6, 5, 4, 3]);
    const last = await list({ search: tag, limit: 5, page: 3 });
    expect(indexes(last)).toEqual([2, 1, 0]);
    expect(last.pagination).toEqual({ page: 3, limit: 5, total: 13, pages: 3 });
    const beyond = await list({ search: tag, limit: 5, page: 4 });
    expect(beyond).toEqual({ users: [], pagination: { page: 4, limit: 5, total: 13, pages: 3 } });
    expect((await list({ search: tag, limit: 100 })).users).toHaveLength(13);
    expect((await list({ search: 'Gone' })).pagination.total).toBe(0);
  });

  it('filters by role and by active flag, alone and together', async () => {
    const expected = (keep: (user: (typeof seeded)[number], i: number) => boolean) =>
      seeded
        .map((user, i) => (keep(user, i) ? i : -1))
        .filter((i) => i >= 0)
        .reverse();
    expect(indexes(await list({ search: tag, role: 'admin', limit: 100 }))).toEqual(expected((u) => u.role === 'admin'));
    expect(indexes(await list({ search: tag, role: 'user', limit: 100 }))).toEqual(expected((u) => u.role === 'user'));
    expect(indexes(await list({ search: tag, isActive: 'false', limit: 100 }))).toEqual(expected((u) => !u.isActive));
    expect(indexes(await list({ search: tag, isActive: 'true', limit: 100 }))).toEqual(expected((u) => u.isActive));
    const both = await list({ search: tag, role: 'admin', isActive: 'true', limit: 2 });
    expect(both.pagination).toEqual({ page: 1, limit: 2, total: expected((u) => u.role === 'admin' && u.isActive).length, pages: 2 });
    expect(both.users.every((user) => user.role === 'admin' && user.isActive)).toBe(true);
  });

  it('searches email and name case-insensitively', async () => {
    expect((await list({ search: tag.toUpperCase() })).pagination.total).toBe(13);
    expect(indexes(await list({ search: `${tag.toLowerCase()}-u7@` }))).toEqual([7]);
    expect(indexes(await list({ search: `${tag}-U11` }))).toEqual([11]);
    expect((await list({ search: 'person 1' })).users.map((user) => user.name).sort()).toEqual([
      'Person 1',
      'Person 10',
      'Person 11',
      'Person 12',
    ]);
    expect((await list({ search: '  person 12  ' })).users.map((user) => user.name)).toEqual(['Person 12']);
    expect((await list({ search: 'nobody-matches-this' })).pagination).toEqual({ page: 1, limit: 10, total: 0, pages: 0 });
  });

  it.each([
    ['100%', ['Done 100% done']],
    ['%', ['Done 100% done']],
    ['_case_', ['snake_case_name']],
    ['e_c', ['snake_case_name']],
    ['k\\s', ['back\\slash']],
    ["'; drop table users; --", []],
  ])('treats %s in the search as literal text', async (search, names) => {
    expect((await list({ search, limit: 100 })).users.map((user) => user.name)).toEqual(names);
  });
});
