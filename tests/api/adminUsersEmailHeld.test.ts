import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { userListResponseSchema, userResponseSchema } from '../../src/contract/users';
import { PASSWORD } from '../support/adminUsersCalls';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, markEmailVerified, signIn, signInRefusal, signUp, TEST_PASSWORD, uniqueEmail } from '../support/identity';

/**
 * Email squatting: an outsider signs up with a future colleague's address before the
 * admin creates the account. The portal never hands over an address the portal, the operator
 * or a verification vouched for; an unverified self sign-up can be replaced in one step.
 */
describe.each(DB_KINDS)('admin users: an email held by a self sign-up (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const HELD = {
    error: 'EMAIL_HELD_UNVERIFIED',
    message:
      'An account that signed itself up holds this email, and its email is not verified. You can replace that account with the one you are creating.',
    requestId: expect.any(String),
  };
  const EXISTS = { error: 'EMAIL_EXISTS', message: 'A user with this email already exists', requestId: expect.any(String) };

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const post = (email: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers,
      payload: { email, password: PASSWORD, name: 'Rightful Owner', ...extra },
    });
  const profilesOf = (uid: string) => t.db.select().from(users).where(eq(users.uid, uid));
  const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
  const auditCount = async () => (await t.db.select().from(auditLog)).length;
  /** A 'signup' profile, as earlier versions made for anyone who called the API. */
  const signupProfile = (account: { uid: string; email: string }) =>
    t.db.insert(users).values({ uid: account.uid, email: account.email, name: 'Squatter', origin: 'signup' }).returning();

  it('refuses an email held by an unverified self sign-up with 409 EMAIL_HELD_UNVERIFIED, changing nothing', async () => {
    const squatter = await signUp();
    const audits = await auditCount();
    for (const body of [{}, { replaceUnverified: false }]) {
      const response = await post(squatter.email, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual(HELD);
    }
    expect(await t.identity.getUser(squatter.uid)).toMatchObject({ email: squatter.email, emailVerified: false });
    expect(await profilesOf(squatter.uid)).toHaveLength(0);
    expect(await auditCount()).toBe(audits);
  });

  it('replaces it with replaceUnverified: the squatter account is deleted, the new one created, one audit row says so', async () => {
    const squatter = await signUp();
    const response = await post(squatter.email.toUpperCase(), { replaceUnverified: true, role: 'admin' });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = userResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      email: squatter.email.toUpperCase(),
      name: 'Rightful Owner',
      role: 'admin',
      isActive: true,
      emailVerified: false,
    });

    expect(await t.identity.getUser(squatter.uid)).toBeNull();
    const [profile] = await t.db.select().from(users).where(eq(users.id, data._id));
    expect(profile.uid).not.toBe(squatter.uid);
    expect(profile.origin).toBe('portal');
    expect((await t.identity.getUserByEmail(squatter.email))?.uid).toBe(profile.uid);
    // The squatter's session is over; the rightful owner signs in with the admin's password.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(squatter.idToken) })).statusCode).toBe(401);
    expect(await signInRefusal(squatter.email, TEST_PASSWORD)).not.toBeNull();
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?limit=1',
      headers: bearer(await signIn(squatter.email, PASSWORD)),
    });
    expect(owner.statusCode).toBe(200);

    const audit = await auditOf(data._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.create',
      changes: { replacedUid: { from: null, to: squatter.uid }, role: { from: null, to: 'admin' } },
    });
  });

  it("soft-deletes the squatter's 'signup' profile in the create's transaction", async () => {
    const squatter = await signUp();
    const [old] = await signupProfile(squatter);
    expect((await post(squatter.email)).json()).toEqual(HELD);
    const response = await post(squatter.email, { replaceUnverified: true });
    expect(response.statusCode, response.body).toBe(201);
    const [after] = await profilesOf(squatter.uid);
    expect(after).toMatchObject({ id: old.id, isActive: false, deletedAt: expect.any(Date) });
    expect(await auditOf(old.id)).toHaveLength(0);
    const [audit] = await auditOf(response.json().data._id);
    expect(audit.changes).toMatchObject({
      replacedUid: { from: null, to: squatter.uid },
      replacedProfileIds: { from: null, to: [old.id] },
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(squatter.email)}`, headers });
    expect(userListResponseSchema.parse(list.json()).data.users.map((user) => user._id)).toEqual([response.json().data._id]);
  });

  it('finishes a replacement that stopped half-way (the account deleted, the profile left)', async () => {
    const squatter = await signUp();
    const [old] = await signupProfile(squatter);
    await t.identity.deleteUser(squatter.uid);
    expect((await post(squatter.email)).json()).toEqual(HELD);
    const response = await post(squatter.email, { replaceUnverified: true });
    expect(response.statusCode, response.body).toBe(201);
    expect((await profilesOf(squatter.uid))[0].deletedAt).toBeInstanceOf(Date);
    const [audit] = await auditOf(response.json().data._id);
    expect(audit.changes).toMatchObject({
      replacedUid: { from: null, to: squatter.uid },
      replacedProfileIds: { from: null, to: [old.id] },
    });
  });

  it('creates as usual when replaceUnverified is sent for a free email', async () => {
    const response = await post(uniqueEmail('free'), { replaceUnverified: true });
    expect(response.statusCode, response.body).toBe(201);
    const [audit] = await auditOf(response.json().data._id);
    expect(audit.changes).not.toHaveProperty('replacedUid');
  });

  it('never replaces a verified holder: 409 EMAIL_EXISTS, account and profile kept', async () => {
    const holder = await signUp();
    await signupProfile(holder);
    await markEmailVerified(holder.uid);
    for (const extra of [{}, { replaceUnverified: true }]) {
      const response = await post(holder.email, extra);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual(EXISTS);
    }
    expect(await t.identity.getUser(holder.uid)).toMatchObject({ emailVerified: true });
    expect(await profilesOf(holder.uid)).toEqual([expect.objectContaining({ deletedAt: null, isActive: true })]);
  });

  it.each(['portal', 'config', 'demo'] as const)(
    'never replaces an unverified holder with a %s profile (live or deleted)',
    async (origin) => {
      for (const deletedAt of [null, new Date()]) {
        const holder = await signUp();
        await t.db
          .insert(users)
          .values({ uid: holder.uid, email: holder.email, name: 'Made here', origin, deletedAt, isActive: deletedAt === null });
        const response = await post(holder.email, { replaceUnverified: true });
        expect(response.statusCode, response.body).toBe(409);
        // A deleted user's email is offered back (restore, or free the email)
        expect(response.json().error).toBe(deletedAt ? 'EMAIL_HELD_BY_DELETED' : EXISTS.error);
        expect(await t.identity.getUser(holder.uid)).not.toBeNull();
      }
    },
  );

  it("leaves alone a 'signup' profile of this email whose account still exists under another email", async () => {
    const moved = await signUp();
    const email = uniqueEmail('moved');
    await t.db.insert(users).values({ uid: moved.uid, email, name: 'Moved On', origin: 'signup' });
    const response = await post(email, { replaceUnverified: true });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual(EXISTS);
    expect(await profilesOf(moved.uid)).toEqual([expect.objectContaining({ deletedAt: null })]);
  });
});
