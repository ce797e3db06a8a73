import { and, asc, eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { userListResponseSchema, userResponseSchema } from '../../src/contract/users';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import {
  bearer,
  markEmailVerified,
  pastRevocationGranularity,
  signIn,
  signInRefusal,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/identity';

const PASSWORD = 'Start-pass-1';

/** User lifecycle through the API against the Auth emulator: what an admin does takes effect at sign-in and on the next call. */
describe.each(DB_KINDS)('admin users: lifecycle (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const body = { email: uniqueEmail('created'), password: PASSWORD, name: 'Created User', role: 'user', ...overrides };
    const response = await call('POST', '/api/admin/users', body);
    expect(response.statusCode, response.body).toBe(201);
    return {
      ...(body as { email: string; password: string; name: string; role: 'admin' | 'user' }),
      user: userResponseSchema.parse(response.json()).data,
    };
  };
  const auditOf = (targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, targetId)))
      .orderBy(asc(auditLog.id));
  /** An API call as the created account (an admin, so 200 means "its token is accepted"). */
  const asAccount = (token: string) => call('GET', '/api/admin/users?limit=1', undefined, bearer(token));
  const profileOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  /** The revocation stamp is set, at or after `before` (taken just before the call). */
  const expectStampedSince = async (id: string, before: Date) => {
    const { sessionsRevokedAt } = await profileOf(id);
    expect(sessionsRevokedAt).toBeInstanceOf(Date);
    expect(sessionsRevokedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  };

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
      expect(response.json()).toEqual({ error: 'EMAIL_EXISTS', message: 'A user with this email already exists' });
    }
    expect(await t.identity.getUser((await profileOf(created.user._id)).uid)).not.toBeNull();
    expect(await auditOf(created.user._id)).toHaveLength(1);
  });

  it('disables through PUT (token refused on the next call, sign-in refused) and enables again', async () => {
    const created = await create({ role: 'admin' });
    const token = await signIn(created.email, PASSWORD);
    expect((await asAccount(token)).statusCode).toBe(200);
    await pastRevocationGranularity();

    const before = new Date();
    const disabled = await call('PUT', `/api/admin/users/${created.user._id}`, { name: created.name, role: 'admin', isActive: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(userResponseSchema.parse(disabled.json()).data).toMatchObject({
      _id: created.user._id,
      isActive: false,
      role: 'admin',
      emailVerified: false,
    });
    await expectStampedSince(created.user._id, before);
    expect((await asAccount(token)).statusCode).toBe(401);
    expect(await signInRefusal(created.email, PASSWORD)).toBe('USER_DISABLED');
    expect((await t.identity.getUserByEmail(created.email))?.disabled).toBe(true);

    const enabled = await call('PUT', `/api/admin/users/${created.user._id}`, { name: created.name, role: 'admin', isActive: true });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.isActive).toBe(true);
    // A sign-in in the revocation's second is refused too (the stamp's granularity): wait past it.
    await pastRevocationGranularity();
    expect((await asAccount(await signIn(created.email, PASSWORD))).statusCode).toBe(200);

    const audit = await auditOf(created.user._id);
    expect(audit.map((row) => [row.action, row.changes])).toEqual([
      ['user.create', expect.any(Object)],
      ['user.update', { isActive: { from: true, to: false } }],
      ['user.update', { isActive: { from: false, to: true } }],
    ]);
  });

  it('toggles the active flag (bodyless, with or without a JSON content type)', async () => {
    const created = await create({ role: 'admin' });
    const token = await signIn(created.email, PASSWORD);
    await pastRevocationGranularity();

    const before = new Date();
    const off = await t.app.inject({ method: 'POST', url: `/api/admin/users/${created.user._id}/toggle`, headers });
    expect(off.statusCode, off.body).toBe(200);
    expect(userResponseSchema.parse(off.json()).data).toMatchObject({ isActive: false, emailVerified: false });
    await expectStampedSince(created.user._id, before);
    expect((await asAccount(token)).statusCode).toBe(401);
    expect(await signInRefusal(created.email, PASSWORD)).toBe('USER_DISABLED');

    const on = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${created.user._id}/toggle`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.isActive).toBe(true);
    expect(await signInRefusal(created.email, PASSWORD)).toBeNull();

    expect((await auditOf(created.user._id)).slice(1).map((row) => [row.action, row.changes])).toEqual([
      ['user.toggle', { isActive: { from: true, to: false } }],
      ['user.toggle', { isActive: { from: false, to: true } }],
    ]);
  });

  it('edits name and role: the display name follows, a promoted user becomes an admin, a demoted one loses its sessions', async () => {
    const created = await create();
    const response = await call('PUT', `/api/admin/users/${created.user._id}`, { name: 'Renamed Person', role: 'admin', isActive: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Renamed Person',
      role: 'admin',
      isActive: true,
      email: created.user.email,
      emailVerified: false,
    });
    expect((await t.identity.getUserByEmail(created.email))?.displayName).toBe('Renamed Person');
    expect((await profileOf(created.user._id)).sessionsRevokedAt).toBeNull();
    const token = await signIn(created.email, PASSWORD);
    expect((await asAccount(token)).statusCode).toBe(200);
    await pastRevocationGranularity();

    const before = new Date();
    expect(
      (await call('PUT', `/api/admin/users/${created.user._id}`, { name: 'Renamed Person', role: 'user', isActive: true })).statusCode,
    ).toBe(200);
    await expectStampedSince(created.user._id, before);
    // The demoted account's open session ends (revoked), and a new one has no rights.
    expect((await asAccount(token)).statusCode).toBe(401);
    await pastRevocationGranularity();
    expect((await asAccount(await signIn(created.email, PASSWORD))).statusCode).toBe(403);
    const stamp = (await profileOf(created.user._id)).sessionsRevokedAt;

    const audit = await auditOf(created.user._id);
    expect(audit.slice(1).map((row) => row.changes)).toEqual([
      { name: { from: 'Created User', to: 'Renamed Person' }, role: { from: 'user', to: 'admin' } },
      { role: { from: 'admin', to: 'user' } },
    ]);
    // Saving the same values again changes nothing, writes no audit row and revokes nothing.
    expect(
      (await call('PUT', `/api/admin/users/${created.user._id}`, { name: 'Renamed Person', role: 'user', isActive: true })).statusCode,
    ).toBe(200);
    expect(await auditOf(created.user._id)).toHaveLength(3);
    expect((await profileOf(created.user._id)).sessionsRevokedAt).toEqual(stamp);
  });

  it('resets the password: the old one fails, the new one works, old sessions end; no password is audited', async () => {
    const created = await create({ role: 'admin' });
    const token = await signIn(created.email, PASSWORD);
    await pastRevocationGranularity();

    const before = new Date();
    const response = await call('POST', `/api/admin/users/${created.user._id}/reset-password`, { newPassword: 'Brand-new-2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password reset successfully' });
    await expectStampedSince(created.user._id, before);
    expect(await signInRefusal(created.email, PASSWORD)).toMatch(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
    expect(await signInRefusal(created.email, 'Brand-new-2')).toBeNull();
    expect((await asAccount(token)).statusCode).toBe(401);
    await pastRevocationGranularity();
    expect((await asAccount(await signIn(created.email, 'Brand-new-2'))).statusCode).toBe(200);

    const audit = await auditOf(created.user._id);
    expect(audit.at(-1)).toMatchObject({ action: 'user.resetPassword', changes: { password: { from: '[redacted]', to: '[redacted]' } } });
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    expect(everything).not.toContain('Brand-new-2');
    expect(everything).not.toContain(PASSWORD);
  });

  it('soft-deletes: hidden from the list, token refused, sign-in refused, a second delete is 404', async () => {
    const created = await create({ role: 'admin' });
    const token = await signIn(created.email, PASSWORD);
    await pastRevocationGranularity();

    const before = new Date();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${created.user._id}`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    await expectStampedSince(created.user._id, before);

    const list = await call('GET', `/api/admin/users?search=${encodeURIComponent(created.email)}`);
    expect(userListResponseSchema.parse(list.json()).data).toMatchObject({ users: [], pagination: { total: 0 } });
    expect((await asAccount(token)).statusCode).toBe(401);
    expect(await signInRefusal(created.email, PASSWORD)).toBe('USER_DISABLED');
    const [profile] = await t.db.select().from(users).where(eq(users.id, created.user._id));
    expect(profile.deletedAt).toBeInstanceOf(Date);
    expect(profile.isActive).toBe(false);

    const id = created.user._id;
    for (const [method, url, payload] of [
      ['DELETE', `/api/admin/users/${id}`, undefined],
      ['PUT', `/api/admin/users/${id}`, { name: 'x', role: 'user', isActive: true }],
      ['POST', `/api/admin/users/${id}/toggle`, undefined],
      ['POST', `/api/admin/users/${id}/reset-password`, { newPassword: 'Another-3' }],
    ] as const) {
      const again = await call(method, url, payload);
      expect(again.statusCode, `${method} ${url}`).toBe(404);
      expect(again.json()).toMatchObject({ error: 'NOT_FOUND', message: 'User not found' });
    }
    expect(await signInRefusal(created.email, 'Another-3')).not.toBeNull();
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['user.create', 'user.delete']);
    expect((await auditOf(id))[1].changes).toMatchObject({
      isActive: { from: true, to: false },
      deletedAt: { from: null, to: expect.any(String) },
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one, never 500', async () => {
    const unknown = '3f1c2b7e-8d4a-4c1e-9b2f-0a1b2c3d4e5f';
    for (const [method, suffix, payload] of [
      ['PUT', '', { name: 'x', role: 'user', isActive: true }],
      ['POST', '/toggle', undefined],
      ['POST', '/reset-password', { newPassword: 'Another-3' }],
      ['DELETE', '', undefined],
    ] as const) {
      expect((await call(method, `/api/admin/users/${unknown}${suffix}`, payload)).statusCode).toBe(404);
      for (const bad of ['not-a-uuid', '1', "x'%20or%201=1"]) {
        const response = await call(method, `/api/admin/users/${bad}${suffix}`, payload);
        expect(response.statusCode, `${method} ${bad}${suffix}`).toBe(400);
        expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
      }
    }
  });

  it('keeps the audit table free of passwords after every kind of change', async () => {
    const rows = await t.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    for (const secret of [PASSWORD, 'Brand-new-2', 'Another-3']) expect(text).not.toContain(secret);
    expect(rows.every((row) => row.actorUid && row.targetType === 'user')).toBe(true);
  });
});

/**
 * Email squatting (issue 11): an outsider signs up with a future colleague's address before the
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
  };
  const EXISTS = { error: 'EMAIL_EXISTS', message: 'A user with this email already exists' };

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
  /** A 'signup' profile, as versions before issue 11 made for anyone who called the API. */
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
        expect(response.json()).toEqual(EXISTS);
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
