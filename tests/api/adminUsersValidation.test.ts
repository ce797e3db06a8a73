import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { uniqueEmail } from '../support/identity';

type Admin = Awaited<ReturnType<TestApp['createAdmin']>> & { id: string };

/** The admin users routes' validation: what they refuse with 400 and the boundaries they accept (spec 5). */
describe.each(DB_KINDS)('admin users: validation (%s)', (kind) => {
  let t: TestApp;
  let a: Admin;
  let b: Admin;

  const withId = async (admin: Awaited<ReturnType<TestApp['createAdmin']>>): Promise<Admin> => {
    const [profile] = await t.db.select().from(users).where(eq(users.uid, admin.uid));
    return { ...admin, id: profile.id };
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await testApp(kind);
    a = await withId(await t.createAdmin());
    b = await withId(await t.createAdmin());
  });
  afterAll(() => t?.close());

  describe('validation (400, nothing created)', () => {
    const valid = () => ({ email: uniqueEmail('valid'), password: 'Six-ch', name: 'Valid Name', role: 'user' });

    it.each([
      ['no email', { email: undefined }],
      ['no password', { password: undefined }],
      ['no name', { name: undefined }],
      ['a blank name', { name: '   ' }],
      ['a 201-character name', { name: 'n'.repeat(201) }],
      ['a NUL in the name', { name: 'a\u0000b' }],
      ['a 5-character password', { password: '12345' }],
      ['a 129-character password', { password: 'p'.repeat(129) }],
      ['an invalid email', { email: 'not-an-email' }],
      ['an unknown role', { role: 'superadmin' }],
      ['an unknown key (_id)', { _id: 'x' }],
      ['an unknown key (isActive)', { isActive: false }],
      ['an unknown key (lastLogin)', { lastLogin: '2024-01-01T00:00:00Z' }],
      ['a number for the name', { name: 5 }],
    ])('refuses a create body with %s', async (_label, change) => {
      const body = { ...valid(), ...change };
      const response = await call('POST', '/api/admin/users', a.headers, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
      if (typeof body.email === 'string' && body.email.includes('@')) expect(await t.identity.getUserByEmail(body.email)).toBeNull();
    });

    it('accepts the boundary values (6-character password, 200-character name) and defaults the role to user', async () => {
      const { role: _role, ...body } = { ...valid(), name: 'n'.repeat(200) };
      const response = await call('POST', '/api/admin/users', a.headers, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ role: 'user', name: 'n'.repeat(200) });
    });

    it.each([
      ['no isActive', { name: 'N', role: 'user' }],
      ['no name', { role: 'user', isActive: true }],
      ['no role', { name: 'N', isActive: true }],
      ['an empty name', { name: '', role: 'user', isActive: true }],
      ['isActive as a string', { name: 'N', role: 'user', isActive: 'false' }],
      ['an unknown role', { name: 'N', role: 'owner', isActive: true }],
      ['the email (not editable)', { name: 'N', role: 'user', isActive: true, email: 'x@y.test' }],
      ['a password', { name: 'N', role: 'user', isActive: true, password: 'Secret-1' }],
      ['an array body', []],
    ])('refuses an update body with %s', async (_label, body) => {
      const response = await call('PUT', `/api/admin/users/${b.id}`, a.headers, body);
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each([
      ['no body', undefined],
      ['a 5-character password', { newPassword: '12345' }],
      ['a password under another key', { password: 'Secret-12' }],
      ['an extra key', { newPassword: 'Secret-12', force: true }],
    ])('refuses a reset-password body with %s', async (_label, body) => {
      const response = await call('POST', `/api/admin/users/${b.id}/reset-password`, a.headers, body);
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each([
      'isActive=yes',
      'isActive=1',
      'isActive=',
      'role=owner',
      'role=admin&role=user',
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=1e9',
      'limit=0',
      'limit=101',
      `search=${'s'.repeat(201)}`,
      'search=%00',
    ])('refuses the list query %s', async (query) => {
      const response = await call('GET', `/api/admin/users?${query}`, a.headers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    });

    it.each(['limit=1', 'limit=100', 'page=1', `search=${'s'.repeat(200)}`, 'isActive=true&role=admin'])(
      'accepts the list query %s',
      async (query) => {
        expect((await call('GET', `/api/admin/users?${query}`, a.headers)).statusCode).toBe(200);
      },
    );
  });
});
