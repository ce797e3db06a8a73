import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { userResponseSchema } from '../../src/contract/users';
import { adminUsersCalls, PASSWORD } from '../support/adminUsersCalls';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { signIn, signInRefusal, uniqueEmail } from '../support/identity';

/** Creating users through the API against the Auth emulator: the account, its profile and its audit row. */
describe.each(DB_KINDS)('admin users: create (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, create, auditOf, asAccount, profileOf } = adminUsersCalls(() => ({ t, headers }));

  it('creates the account and its profile (201); the new account can sign in', async () => {
    const response = await call('POST', '/api/admin/users', { email: uniqueEmail('new'), password: PASSWORD, name: '  Ada Lovelace  ' });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = userResponseSchema.parse(response.json());
    expect(data).toMatchObject({ name: 'Ada Lovelace', role: 'user', isActive: true, lastLogin: null, emailVerified: false });
    expect(Object.keys(response.json()).sort()).toEqual(['data', 'success']);
    expect(Math.abs(Date.parse(data.createdAt) - Date.now())).toBeLessThan(60_000);

    const account = await t.identity.getUserByEmail(data.email);
    expect(account).toMatchObject({ displayName: 'Ada Lovelace', disabled: false });
    const [profile] = await t.db.select().from(users).where(eq(users.id, data._id));
    expect(profile).toMatchObject({
      uid: account!.uid,
      role: 'user',
      isActive: true,
      deletedAt: null,
      origin: 'portal',
      sessionsRevokedAt: null,
    });
    expect(await signInRefusal(data.email, PASSWORD)).toBeNull();

    const audit = await auditOf(data._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.create',
      changes: { email: { from: null, to: data.email }, role: { from: null, to: 'user' } },
    });
  });

  it('creates an admin when asked, and the admin can use the API', async () => {
    const created = await create({ role: 'admin' });
    expect(created.user.role).toBe('admin');
    expect((await asAccount(await signIn(created.email, PASSWORD))).statusCode).toBe(200);
  });

  it('stores the validated email and name, not what the identity provider echoes', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { user } = await create({ email, name: '  Grace Hopper  ' });
    expect((await t.identity.getUser((await profileOf(user._id)).uid))?.email).toBe(email.toLowerCase());
    expect(await profileOf(user._id)).toMatchObject({ email, name: 'Grace Hopper' });
  });

  it('refuses an email the portal gave out (any case, even with replaceUnverified) with 409 EMAIL_EXISTS', async () => {
    const created = await create();
    for (const body of [
      { email: created.email },
      { email: created.email.toUpperCase() },
      { email: created.email, replaceUnverified: true },
    ]) {
      const response = await call('POST', '/api/admin/users', { password: PASSWORD, name: 'Again', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toEqual({
        error: 'EMAIL_EXISTS',
        message: 'A user with this email already exists',
        requestId: expect.any(String),
      });
    }
    expect(await t.identity.getUser((await profileOf(created.user._id)).uid)).not.toBeNull();
    expect(await auditOf(created.user._id)).toHaveLength(1);
  });
});
