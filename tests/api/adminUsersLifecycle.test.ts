import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { userListResponseSchema, userResponseSchema } from '../../src/contract/users';
import { adminUsersCalls, PASSWORD } from '../support/adminUsersCalls';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { pastRevocationGranularity, signIn, signInRefusal } from '../support/identity';

/** User lifecycle through the API against the Auth emulator: what an admin does takes effect at sign-in and on the next call. */
describe.each(DB_KINDS)('admin users: lifecycle (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, create, auditOf, asAccount, profileOf, expectStampedSince } = adminUsersCalls(() => ({ t, headers }));

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
