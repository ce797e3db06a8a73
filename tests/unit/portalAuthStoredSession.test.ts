import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { createPortalAuth } from '../../src/authProvider/portalAuth';
import { tokenUser } from '../../src/authProvider/tokenRules';
import type { AuthUser } from '../../src/authProvider/types';
import { buildIdTokenResult, createFakeFirebase, createMemoryStorage, HOUR, NOW } from './authFakes';

const admin = { uid: 'admin-uid', email: 'admin@salescoach.test' };
const rep = { uid: 'rep-uid', email: 'rep@salescoach.test' };

/** An unsigned ID token as Firebase shapes its claims (the portal never verifies one: the API does). */
const idToken = (claims: Record<string, unknown>) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
};

/**
 * A portal whose provider has not yet checked its stored session with its server (the round
 * trip of every cold start): `settle` lets it answer with the given user.
 */
const setup = (stored: { token: string; expiresAt: number } | null) => {
  const { port, fake } = createFakeFirebase({ [admin.email]: admin, [rep.email]: rep });
  let settle: (user: AuthUser | null) => void = () => {};
  const providerReady = new Promise<void>((resolve) => {
    settle = (user) => {
      fake.setUser(user);
      resolve();
    };
  });
  port.authStateReady = () => providerReady;
  const storage = createMemoryStorage();
  if (stored) storage.setItem(AUTH_TOKEN_STORAGE_KEY, JSON.stringify({ ...stored, issuedAt: NOW }));
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [admin.uid], storage, clock: () => NOW });
  const storedToken = () => JSON.parse(storage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null') as { token: string } | null;
  return { portalAuth, fake, settle, storedToken };
};

/** Whether the promise has settled once pending work has run. */
const settledSoon = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

const adminToken = idToken({ user_id: admin.uid, sub: admin.uid, email: admin.email });

describe('the stored session before the identity provider answers', () => {
  it('opens the portal at once with an unexpired token of a whitelisted admin', async () => {
    const { portalAuth } = setup({ token: adminToken, expiresAt: NOW + HOUR });
    await expect(portalAuth.ready()).resolves.toEqual(admin);
    expect(portalAuth.currentUser()).toEqual(admin);
    expect((await portalAuth.getValidToken())?.token).toBe(adminToken);
    expect(portalAuth.sessionState().expiresAt).toBe(NOW + HOUR);
  });

  it('waits for the provider when the stored token is inside the expiry buffer, names another account, or is no token', async () => {
    const cases = [
      { token: adminToken, expiresAt: NOW + 60_000 },
      { token: idToken({ user_id: rep.uid, email: rep.email }), expiresAt: NOW + HOUR },
      { token: idToken({ email: admin.email }), expiresAt: NOW + HOUR },
      { token: 'not-a-jwt', expiresAt: NOW + HOUR },
    ];
    for (const stored of cases) {
      const { portalAuth, settle } = setup(stored);
      const ready = portalAuth.ready();
      expect(await settledSoon(ready)).toBe(false);
      expect(portalAuth.currentUser()).toBeNull();
      settle(null);
      await expect(ready).resolves.toBeNull();
    }
  });

  it('signs out when the provider then finds no session (a deleted or disabled account), clearing the stored token', async () => {
    const { portalAuth, settle, storedToken } = setup({ token: adminToken, expiresAt: NOW + HOUR });
    const seen: (AuthUser | null)[] = [];
    portalAuth.onChange((user) => seen.push(user));
    await expect(portalAuth.ready()).resolves.toEqual(admin);
    settle(null);
    await expect.poll(() => seen).toEqual([null]);
    expect(storedToken()).toBeNull();
    expect(portalAuth.currentUser()).toBeNull();
    await expect(portalAuth.getValidToken()).resolves.toBeNull();
  });

  it('keeps the admin when the provider confirms the session', async () => {
    const { portalAuth, fake, settle } = setup({ token: adminToken, expiresAt: NOW + HOUR });
    await portalAuth.ready();
    fake.cachedToken = buildIdTokenResult({ token: adminToken });
    settle(admin);
    await expect(portalAuth.ready()).resolves.toEqual(admin);
    expect((await portalAuth.getValidToken())?.token).toBe(adminToken);
  });

  it('signs the provider out once it has read its session, so a sign-out in the meantime holds', async () => {
    const { portalAuth, fake, settle, storedToken } = setup({ token: adminToken, expiresAt: NOW + HOUR });
    await portalAuth.ready();
    const signingOut = portalAuth.signOut();
    expect(await settledSoon(signingOut)).toBe(false);
    settle(admin);
    await signingOut;
    expect(fake.calls.signOut).toBe(1);
    expect(portalAuth.currentUser()).toBeNull();
    expect(storedToken()).toBeNull();
  });

  it('refreshes through the provider once it has read its session', async () => {
    const { portalAuth, fake, settle } = setup({ token: adminToken, expiresAt: NOW + HOUR });
    await portalAuth.ready();
    const refreshed = portalAuth.refreshToken();
    expect(await settledSoon(refreshed)).toBe(false);
    settle(admin);
    await expect(refreshed).resolves.toMatchObject({ token: 'token-refreshed' });
    expect(fake.calls.forcedRefresh).toBe(1);
  });
});

describe('tokenUser', () => {
  it("reads Firebase's user_id claim, or sub, with the email when there is one", () => {
    expect(tokenUser(adminToken)).toEqual(admin);
    expect(tokenUser(idToken({ sub: 'only-sub' }))).toEqual({ uid: 'only-sub', email: null });
    expect(tokenUser(idToken({ user_id: '', email: admin.email }))).toBeNull();
    expect(tokenUser(idToken({ user_id: 42 }))).toBeNull();
    expect(tokenUser('a.b.c')).toBeNull();
    expect(tokenUser('')).toBeNull();
  });
});
