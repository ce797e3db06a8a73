import { and, count, eq, isNull } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { deleteUser, toggleUser, updateUser, type UsersContext } from '../../server/services/users';
import type { Profile } from '../../server/services/users/model';
import { checkRules } from '../../server/services/users/rules';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, markEmailVerified, pastRevocationGranularity, signIn, signUp, TEST_PASSWORD, uniqueEmail } from '../support/identity';

const UNVERIFIED_PROMOTION = 'This account signed itself up and its email is not verified, so it cannot be made an admin.';

type Admin = Awaited<ReturnType<TestApp['createAdmin']>> & { id: string };

/** Self-protection, the last-admin rule, promoting a self sign-up and who may call (spec 5-6, docs/security.md). */
describe.each(DB_KINDS)('admin users: rules (%s)', (kind) => {
  let t: TestApp;
  let a: Admin;
  let b: Admin;

  const withId = async (admin: Awaited<ReturnType<TestApp['createAdmin']>>): Promise<Admin> => {
    const [profile] = await t.db.select().from(users).where(eq(users.uid, admin.uid));
    return { ...admin, id: profile.id };
  };
  const activeAdminCount = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)))
    )[0].n;
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await testApp(kind);
    a = await withId(await t.createAdmin());
    b = await withId(await t.createAdmin());
  });
  afterAll(() => t?.close());

  it.each([
    ['disable (PUT)', 'PUT', '', { name: 'Test Admin', role: 'admin', isActive: false }, 'You cannot disable your own account'],
    ['demote (PUT)', 'PUT', '', { name: 'Test Admin', role: 'user', isActive: true }, 'You cannot demote your own account'],
    ['disable (toggle)', 'POST', '/toggle', undefined, 'You cannot disable your own account'],
    ['delete', 'DELETE', '', undefined, 'You cannot delete your own account'],
  ] as const)('refuses to let an admin %s themself with 409 CONFLICT', async (_label, method, suffix, payload, message) => {
    const audits = await auditCount();
    const response = await call(method, `/api/admin/users/${a.id}${suffix}`, a.headers, payload);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ error: 'CONFLICT', message, requestId: expect.any(String) });
    expect(await t.db.select().from(users).where(eq(users.id, a.id))).toEqual([
      expect.objectContaining({ role: 'admin', isActive: true, deletedAt: null }),
    ]);
    expect((await t.identity.getUserByEmail(a.email))?.disabled).toBe(false);
    expect(await auditCount()).toBe(audits);
    expect((await call('GET', '/api/admin/users', a.headers)).statusCode).toBe(200);
  });

  it('lets an admin rename themself', async () => {
    const response = await call('PUT', `/api/admin/users/${a.id}`, a.headers, { name: 'Admin A', role: 'admin', isActive: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Admin A', role: 'admin', isActive: true });
  });

  it('keeps one active admin when two admins disable each other at the same time', async () => {
    expect(await activeAdminCount()).toBe(2);
    const [ab, ba] = await Promise.all([
      call('PUT', `/api/admin/users/${b.id}`, a.headers, { name: 'B', role: 'admin', isActive: false }),
      call('PUT', `/api/admin/users/${a.id}`, b.headers, { name: 'A', role: 'admin', isActive: false }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort().reverse();
    expect(statuses[1], `${ab.body} ${ba.body}`).toBe(200);
    // The loser lost the race in the transaction (409), or was already without rights (403) or sessions (401) when it called.
    expect([401, 403, 409]).toContain(statuses[0]);
    if (statuses[1] === 409)
      expect([ab, ba].find((r) => r.statusCode === 409)!.json().message).toBe('At least one active admin must remain');
    expect(await activeAdminCount()).toBe(1);

    // The identity accounts match the profiles: the loser's Firebase change was undone.
    const [winner, loser] = ab.statusCode === 200 ? [a, b] : [b, a];
    expect((await t.identity.getUserByEmail(winner.email))?.disabled).toBe(false);
    expect((await t.identity.getUserByEmail(loser.email))?.disabled).toBe(true);

    // The last active admin can be neither disabled, deleted nor demoted, whoever asks.
    const stores = { db: t.db, identity: t.identity };
    const someoneElse: UsersContext = { actor: { uid: 'another-admin', email: null, userId: '00000000-0000-4000-8000-000000000000' } };
    for (const attempt of [
      () => updateUser(stores, someoneElse, winner.id, { name: 'W', role: 'user', isActive: true }),
      () => updateUser(stores, someoneElse, winner.id, { name: 'W', role: 'admin', isActive: false }),
      () => toggleUser(stores, someoneElse, winner.id),
      () => deleteUser(stores, someoneElse, winner.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ statusCode: 409, message: 'At least one active admin must remain' });
    }
    expect((await t.identity.getUserByEmail(winner.email))?.disabled).toBe(false);

    // Put the loser back for the tests below.
    const restored = await call('PUT', `/api/admin/users/${loser.id}`, winner.headers, { name: 'Back', role: 'admin', isActive: true });
    expect(restored.statusCode).toBe(200);
    // The disable revoked the loser's sessions: sign in again, past the revocation's second.
    await pastRevocationGranularity();
    loser.headers = bearer(await signIn(loser.email, TEST_PASSWORD));
    expect(await activeAdminCount()).toBe(2);
  });

  it('keeps one active admin when two admins demote each other at the same time', async () => {
    const [ab, ba] = await Promise.all([
      call('PUT', `/api/admin/users/${b.id}`, a.headers, { name: 'B', role: 'user', isActive: true }),
      call('PUT', `/api/admin/users/${a.id}`, b.headers, { name: 'A', role: 'user', isActive: true }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort().reverse();
    expect(statuses[1], `${ab.body} ${ba.body}`).toBe(200);
    expect([401, 403, 409]).toContain(statuses[0]);
    expect(await activeAdminCount()).toBe(1);
    const [winner, loser] = ab.statusCode === 200 ? [a, b] : [b, a];
    expect(
      (await call('PUT', `/api/admin/users/${loser.id}`, winner.headers, { name: 'Back', role: 'admin', isActive: true })).statusCode,
    ).toBe(200);
    // The demotion revoked the loser's sessions: sign in again, past the revocation's second.
    await pastRevocationGranularity();
    loser.headers = bearer(await signIn(loser.email, TEST_PASSWORD));
    expect((await call('GET', '/api/admin/users', loser.headers)).statusCode).toBe(200);
  });

  describe('promoting a self sign-up', () => {
    /** A self sign-up with the 'signup' profile an earlier version made for it. */
    const selfSignUp = async () => {
      const account = await signUp();
      const [profile] = await t.db
        .insert(users)
        .values({ uid: account.uid, email: account.email, name: 'Signed Up', origin: 'signup' })
        .returning();
      return { ...account, id: profile.id };
    };

    it('is refused with 409 CONFLICT while its email is not verified, before the identity provider is touched', async () => {
      const outsider = await selfSignUp();
      const audits = await auditCount();
      const response = await call('PUT', `/api/admin/users/${outsider.id}`, a.headers, { name: 'Renamed', role: 'admin', isActive: true });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ error: 'CONFLICT', message: UNVERIFIED_PROMOTION, requestId: expect.any(String) });
      expect(await t.db.select().from(users).where(eq(users.id, outsider.id))).toEqual([
        expect.objectContaining({ role: 'user', name: 'Signed Up' }),
      ]);
      expect((await t.identity.getUser(outsider.uid))?.displayName).toBeNull();
      expect(await auditCount()).toBe(audits);
      // Anything but the promotion is allowed, and the response says the email is not verified.
      const renamed = await call('PUT', `/api/admin/users/${outsider.id}`, a.headers, { name: 'Renamed', role: 'user', isActive: true });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ name: 'Renamed', role: 'user', emailVerified: false });
    });

    it('is refused when its identity account no longer exists', async () => {
      const outsider = await selfSignUp();
      await t.identity.deleteUser(outsider.uid);
      const response = await call('PUT', `/api/admin/users/${outsider.id}`, a.headers, {
        name: 'Signed Up',
        role: 'admin',
        isActive: true,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(UNVERIFIED_PROMOTION);
    });

    it('is allowed once the email is verified', async () => {
      const outsider = await selfSignUp();
      await markEmailVerified(outsider.uid);
      const response = await call('PUT', `/api/admin/users/${outsider.id}`, a.headers, {
        name: 'Verified Person',
        role: 'admin',
        isActive: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ role: 'admin', emailVerified: true });
      expect((await call('GET', '/api/admin/users', bearer(await signIn(outsider.email, TEST_PASSWORD)))).statusCode).toBe(200);
      // Demoted again (revoking its sessions), so the tests below keep two active admins.
      expect(
        (await call('PUT', `/api/admin/users/${outsider.id}`, a.headers, { name: 'Verified Person', role: 'user', isActive: true }))
          .statusCode,
      ).toBe(200);
    });

    it('checkRules: only an unverified (or unknown) self sign-up is kept from becoming an admin', () => {
      const actor = { uid: 'actor', email: null, userId: 'actor-id' };
      const profile = (origin: Profile['origin'], role: Profile['role'] = 'user') =>
        ({ id: 'target-id', uid: 'target', role, origin, isActive: true, deletedAt: null }) as Profile;
      const promote = (target: Profile, verified: boolean | null) => () =>
        checkRules(actor, target, { role: 'admin' }, ['actor-id'], verified);
      expect(promote(profile('signup'), false)).toThrow(UNVERIFIED_PROMOTION);
      expect(promote(profile('signup'), null)).toThrow(UNVERIFIED_PROMOTION);
      expect(promote(profile('signup'), true)).not.toThrow();
      for (const origin of ['portal', 'config', 'demo'] as const) expect(promote(profile(origin), false)).not.toThrow();
      // An admin already (a promotion before this rule) keeps its role; other changes pass.
      expect(promote(profile('signup', 'admin'), false)).not.toThrow();
      expect(() => checkRules(actor, profile('signup'), { name: 'N', role: 'user', isActive: false }, ['actor-id'], null)).not.toThrow();
    });
  });

  describe('who may call', () => {
    const routes = () =>
      [
        ['GET', '/api/admin/users', undefined],
        ['POST', '/api/admin/users', { email: uniqueEmail(), password: TEST_PASSWORD, name: 'N' }],
        ['PUT', `/api/admin/users/${b.id}`, { name: 'N', role: 'user', isActive: false }],
        ['POST', `/api/admin/users/${b.id}/toggle`, undefined],
        ['POST', `/api/admin/users/${b.id}/reset-password`, { newPassword: 'Whatever-1' }],
        ['DELETE', `/api/admin/users/${b.id}`, undefined],
      ] as const;

    it('refuses a request without a token with 401 and one from a non-admin with 403, changing nothing', async () => {
      const plainUser = await signUp();
      const audits = await auditCount();
      for (const [method, url, payload] of routes()) {
        const anonymous = await call(method, url, {}, payload);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json()).toMatchObject({ error: 'NOT_AUTHENTICATED' });
        const notAdmin = await call(method, url, bearer(plainUser.idToken), payload);
        expect(notAdmin.statusCode, `${method} ${url}`).toBe(403);
        expect(notAdmin.json()).toMatchObject({ error: 'NOT_ADMIN' });
      }
      expect(await auditCount()).toBe(audits);
      expect(await t.db.select().from(users).where(eq(users.id, b.id))).toEqual([
        expect.objectContaining({ role: 'admin', isActive: true, deletedAt: null }),
      ]);
      // A refused request writes nothing: the self sign-up got no profile by calling.
      expect(await t.db.select().from(users).where(eq(users.uid, plainUser.uid))).toHaveLength(0);
    });
  });
});
