import { users } from '../../server/db/schema';
import { USER_MESSAGES, userListResponseSchema, userResponseSchema } from '../../src/contract/users';
import { adminUsersCalls, PASSWORD } from '../support/adminUsersCalls';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { signIn, signInRefusal } from '../support/identity';

/**
 * Deleted users are listed with deleted=true, restored (the identity account
 * enabled again, or made again when it is gone), and their email reused deliberately: a create
 * answers 409 EMAIL_HELD_BY_DELETED, and freeing the email lets the create through.
 */
describe.each(DB_KINDS)('admin users: deleted users (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, create, auditOf, profileOf } = adminUsersCalls(() => ({ t, headers }));
  const remove = async (id: string) => expect((await call('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(200);
  const listed = async (query: string) => userListResponseSchema.parse((await call('GET', `/api/admin/users?${query}`)).json()).data;

  it('lists deleted users only with deleted=true, with when they were deleted; the other lists leave them out', async () => {
    const kept = await create({ name: 'Kept Deleted-filter' });
    const gone = await create({ name: 'Gone Deleted-filter' });
    await remove(gone.user._id);

    const deleted = await listed('deleted=true&search=Deleted-filter');
    expect(deleted.users.map((user) => user._id)).toEqual([gone.user._id]);
    expect(deleted.users[0]).toMatchObject({ isActive: false, deletedAt: expect.any(String), emailFreed: false });
    expect(deleted.pagination.total).toBe(1);
    for (const query of ['search=Deleted-filter', 'search=Deleted-filter&isActive=false', 'search=Deleted-filter&deleted=false']) {
      const ids = (await listed(query)).users.map((user) => user._id);
      expect(ids, query).not.toContain(gone.user._id);
    }
    expect((await listed('search=Deleted-filter')).users.map((user) => user._id)).toEqual([kept.user._id]);
  });

  it('restores a deleted user: the account signs in again, the profile is live and active, one audit row', async () => {
    const created = await create();
    await remove(created.user._id);
    expect(await signInRefusal(created.email, PASSWORD)).toBe('USER_DISABLED');

    const restored = await call('POST', `/api/admin/users/${created.user._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(userResponseSchema.parse(restored.json()).data).toMatchObject({ _id: created.user._id, isActive: true, deletedAt: null });
    expect(await signInRefusal(created.email, PASSWORD)).toBeNull();
    expect((await listed(`search=${encodeURIComponent(created.email)}`)).users).toHaveLength(1);
    const audit = await auditOf(created.user._id);
    expect(audit.map((row) => row.action)).toEqual(['user.create', 'user.delete', 'user.restore']);
    expect(audit[2].changes).toEqual({ deletedAt: { from: expect.any(String), to: null }, isActive: { from: false, to: true } });

    const again = await call('POST', `/api/admin/users/${created.user._id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: USER_MESSAGES.notDeleted });
  });

  it('makes the account again under the same uid when the identity provider no longer has it', async () => {
    const created = await create();
    await remove(created.user._id);
    const { uid } = await profileOf(created.user._id);
    await t.identity.deleteUser(uid);

    const restored = await call('POST', `/api/admin/users/${created.user._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await t.identity.getUser(uid)).toMatchObject({ email: created.email, disabled: false });
    // The old password is gone with the old account: the admin resets it.
    const reset = await call('POST', `/api/admin/users/${created.user._id}/reset-password`, { newPassword: 'Fresh-pass-2' });
    expect(reset.statusCode).toBe(200);
    expect(await signIn(created.email, 'Fresh-pass-2')).toEqual(expect.any(String));
  });

  it('offers a deleted user email back on create, and frees it deliberately (audited) so the create goes through', async () => {
    const old = await create({ name: 'Old Holder' });
    await remove(old.user._id);

    const body = { email: old.email.toUpperCase(), password: PASSWORD, name: 'New Holder', role: 'user' };
    const refused = await call('POST', '/api/admin/users', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'EMAIL_HELD_BY_DELETED',
      message: USER_MESSAGES.emailHeldByDeleted,
      requestId: expect.any(String),
    });

    const { uid } = await profileOf(old.user._id);
    const freed = await call('POST', `/api/admin/users/${old.user._id}/free-email`);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().data).toMatchObject({ _id: old.user._id, emailFreed: true, deletedAt: expect.any(String) });
    expect(await t.identity.getUser(uid)).toBeNull();
    const audit = await auditOf(old.user._id);
    expect(audit.at(-1)).toMatchObject({ action: 'user.freeEmail', changes: { emailFreed: { from: null, to: old.email } } });

    const createdAgain = await call('POST', '/api/admin/users', body);
    expect(createdAgain.statusCode, createdAgain.body).toBe(201);
    expect(createdAgain.json().data._id).not.toBe(old.user._id);

    const restore = await call('POST', `/api/admin/users/${old.user._id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toMatchObject({ message: USER_MESSAGES.emailFreed });
    // Freeing again changes nothing and writes no second audit row.
    expect((await call('POST', `/api/admin/users/${old.user._id}/free-email`)).statusCode).toBe(200);
    expect((await auditOf(old.user._id)).filter((row) => row.action === 'user.freeEmail')).toHaveLength(1);
  });

  it('refuses to restore a deleted user whose email another live user now has (409), the account left disabled', async () => {
    const old = await create();
    await remove(old.user._id);
    await t.db.insert(users).values({ uid: `holder-${old.user._id}`, email: old.email.toUpperCase(), name: 'Holder', origin: 'config' });
    const response = await call('POST', `/api/admin/users/${old.user._id}/restore`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: USER_MESSAGES.emailTaken });
    expect((await profileOf(old.user._id)).deletedAt).toBeInstanceOf(Date);
    expect(await t.identity.getUserByEmail(old.email)).toMatchObject({ disabled: true });
  });

  it('refuses to restore or free a live user (409), and an unknown id (404)', async () => {
    const live = await create();
    for (const action of ['restore', 'free-email']) {
      const response = await call('POST', `/api/admin/users/${live.user._id}/${action}`);
      expect(response.statusCode, action).toBe(409);
      expect(response.json()).toMatchObject({ message: USER_MESSAGES.notDeleted });
      const unknown = await call('POST', `/api/admin/users/00000000-0000-4000-8000-000000000000/${action}`);
      expect(unknown.statusCode, action).toBe(404);
    }
    expect((await profileOf(live.user._id)).deletedAt).toBeNull();
  });
});
