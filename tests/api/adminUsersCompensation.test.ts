import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { createUser, deleteUser, listUsers, updateUser, type UsersContext } from '../../server/services/users';
import { testApp, type TestApp } from '../support/apiApp';
import { signIn, signUp, TEST_PASSWORD, uniqueEmail } from '../support/identity';

describe('admin users: compensation when the database step fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  });
  afterAll(() => t?.close());

  /** The real database, except that every transaction fails (as a lost connection would). */
  const failingTransactions = () =>
    new Proxy(t.db, {
      get: (target, property) => {
        if (property === 'transaction') return async () => Promise.reject(new Error('database unavailable'));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const context: UsersContext = { actor: { uid: 'admin-uid', email: null, userId: '00000000-0000-4000-8000-000000000001' } };

  it('deletes the new identity account again when the profile cannot be written', async () => {
    const failing = { db: failingTransactions(), identity: t.identity };
    const email = uniqueEmail('compensated');
    await expect(createUser(failing, context, { email, password: TEST_PASSWORD, name: 'Never Saved', role: 'user' })).rejects.toThrow(
      'database unavailable',
    );
    expect(await t.identity.getUserByEmail(email)).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('replacing a self sign-up: the new account is deleted again when the profile cannot be written, and a retry completes', async () => {
    const squatter = await signUp();
    const [stale] = await t.db
      .insert(users)
      .values({ uid: squatter.uid, email: squatter.email, name: 'Squatter', origin: 'signup' })
      .returning();
    const input = {
      email: squatter.email,
      password: TEST_PASSWORD,
      name: 'Rightful Owner',
      role: 'user' as const,
      replaceUnverified: true,
    };
    const failing = { db: failingTransactions(), identity: t.identity };
    await expect(createUser(failing, context, input)).rejects.toThrow('database unavailable');
    expect(await t.identity.getUserByEmail(squatter.email)).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.id, stale.id))).toEqual([expect.objectContaining({ deletedAt: null })]);

    const real = { db: t.db, identity: t.identity };
    await expect(createUser(real, context, { ...input, replaceUnverified: undefined })).rejects.toMatchObject({
      statusCode: 409,
      code: 'EMAIL_HELD_UNVERIFIED',
    });
    const created = await createUser(real, context, input);
    expect((await t.identity.getUserByEmail(squatter.email))?.uid).not.toBe(squatter.uid);
    expect((await t.db.select().from(users).where(eq(users.id, stale.id)))[0].deletedAt).toBeInstanceOf(Date);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created._id));
    expect(audit.changes).toMatchObject({ replacedUid: { from: null, to: squatter.uid } });
  });

  it("never replaces the acting admin's own account", async () => {
    const admin = await t.createAdmin();
    const [profile] = await t.db.update(users).set({ origin: 'signup' }).where(eq(users.uid, admin.uid)).returning();
    const self: UsersContext = { actor: { uid: admin.uid, email: admin.email, userId: profile.id } };
    const real = { db: t.db, identity: t.identity };
    await expect(
      createUser(real, self, { email: admin.email, password: TEST_PASSWORD, name: 'Me Again', role: 'user', replaceUnverified: true }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'EMAIL_EXISTS',
    });
    expect(await t.identity.getUser(admin.uid)).not.toBeNull();
  });

  it('answers the list with unknown verified flags when the identity provider cannot be reached, in one lookup per page', async () => {
    await t.createAdmin();
    const lookups: string[][] = [];
    const flaky = {
      ...t.identity,
      getUsers: async (uids: string[]) => {
        lookups.push(uids);
        throw new Error('identity provider unreachable');
      },
    };
    const warnings: object[] = [];
    const log = { error: () => undefined, warn: (details: object) => warnings.push(details) };
    const page = await listUsers({ db: t.db, identity: flaky }, { page: 1, limit: 100 }, log);
    expect(page.users.length).toBeGreaterThan(0);
    expect(page.users.every((user) => user.emailVerified === null)).toBe(true);
    expect(lookups).toEqual([page.users.map(() => expect.any(String))]);
    expect(warnings).toEqual([expect.objectContaining({ event: 'identity.lookupFailed' })]);
  });

  it('re-enables the identity account (and restores its name) when a disable cannot be written', async () => {
    const real = { db: t.db, identity: t.identity };
    const created = await createUser(real, context, {
      email: uniqueEmail('restored'),
      password: TEST_PASSWORD,
      name: 'Original Name',
      role: 'user',
    });
    const failing = { db: failingTransactions(), identity: t.identity };
    await expect(updateUser(failing, context, created._id, { name: 'New Name', role: 'user', isActive: false })).rejects.toThrow(
      'database unavailable',
    );
    expect(await t.identity.getUserByEmail(created.email)).toMatchObject({ disabled: false, displayName: 'Original Name' });
    await expect(deleteUser(failing, context, created._id)).rejects.toThrow('database unavailable');
    expect((await t.identity.getUserByEmail(created.email))?.disabled).toBe(false);
    expect(await signIn(created.email, TEST_PASSWORD)).toEqual(expect.any(String));
    expect(await t.db.select().from(users).where(eq(users.id, created._id))).toEqual([
      expect.objectContaining({ isActive: true, name: 'Original Name', deletedAt: null }),
    ]);
  });
});
