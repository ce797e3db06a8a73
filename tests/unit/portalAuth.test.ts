import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { AccessDeniedError, createPortalAuth } from '../../src/authProvider/portalAuth';
import { buildIdTokenResult, createFakeFirebase, createMemoryStorage, HOUR, NOW } from './authFakes';

const admin = { uid: 'admin-uid', email: 'admin@salescoach.test' };
const rep = { uid: 'rep-uid', email: 'rep@salescoach.test' };

const setup = () => {
  const { port, fake } = createFakeFirebase({ [admin.email]: admin, [rep.email]: rep });
  const storage = createMemoryStorage();
  let now = NOW;
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [admin.uid], storage, clock: () => now });
  const stored = () => JSON.parse(storage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null');
  return { portalAuth, fake, storage, stored, advance: (ms: number) => (now += ms) };
};

describe('createPortalAuth', () => {
  it('signs in a whitelisted admin and stores the token info', async () => {
    const { portalAuth, stored } = setup();
    await expect(portalAuth.signIn(admin.email, 'pw')).resolves.toEqual(admin);
    expect(stored()).toEqual({ token: 'token-1', issuedAt: NOW, expiresAt: NOW + HOUR });
    expect(portalAuth.currentUser()).toEqual(admin);
  });

  it('signs out a non-whitelisted account and rejects with AccessDeniedError', async () => {
    const { portalAuth, fake, stored } = setup();
    const failure = portalAuth.signIn(rep.email, 'pw');
    await expect(failure).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(failure).rejects.toThrow('app.auth.accessDenied');
    expect(fake.calls.signOut).toBe(1);
    expect(portalAuth.currentUser()).toBeNull();
    expect(stored()).toBeNull();
  });

  it("passes the identity provider's sign-in error message through", async () => {
    const { portalAuth } = setup();
    await expect(portalAuth.signIn('nobody@x.test', 'pw')).rejects.toThrow('auth/invalid-credential');
  });

  it('returns the stored token while it is valid beyond the buffer, without calling the provider', async () => {
    const { portalAuth, fake } = setup();
    await portalAuth.signIn(admin.email, 'pw');
    const calls = { ...fake.calls };
    await expect(portalAuth.getValidToken()).resolves.toMatchObject({ token: 'token-1' });
    expect(fake.calls).toEqual(calls);
  });

  it('refreshes a token inside the expiry buffer instead of signing out', async () => {
    const { portalAuth, fake, advance, stored } = setup();
    await portalAuth.signIn(admin.email, 'pw');
    advance(HOUR - 120_000);
    fake.refreshedToken = buildIdTokenResult({ token: 'token-2', issuedAt: NOW + HOUR, expiresAt: NOW + 2 * HOUR });
    await expect(portalAuth.getValidToken()).resolves.toMatchObject({ token: 'token-2' });
    expect(fake.calls.forcedRefresh).toBe(1);
    expect(stored().token).toBe('token-2');
    expect(portalAuth.currentUser()).toEqual(admin);
  });

  it("uses the provider's cached token on a cold start when it is still valid", async () => {
    const { portalAuth, fake, stored } = setup();
    fake.setUser(admin);
    await expect(portalAuth.getValidToken()).resolves.toMatchObject({ token: 'token-1' });
    expect(fake.calls.forcedRefresh).toBe(0);
    expect(stored().token).toBe('token-1');
  });

  it('returns null when the refresh fails', async () => {
    const { portalAuth, fake, advance } = setup();
    await portalAuth.signIn(admin.email, 'pw');
    advance(HOUR);
    fake.refreshedToken = null;
    await expect(portalAuth.getValidToken()).resolves.toBeNull();
    await expect(portalAuth.refreshToken()).rejects.toThrow('app.auth.refreshFailed');
  });

  it('returns null when nobody is signed in', async () => {
    const { portalAuth } = setup();
    await expect(portalAuth.getValidToken()).resolves.toBeNull();
  });

  it('shares one provider refresh between concurrent callers', async () => {
    const { portalAuth, fake } = setup();
    fake.setUser(admin);
    await Promise.all([portalAuth.refreshToken(), portalAuth.refreshToken(), portalAuth.refreshToken()]);
    expect(fake.calls.forcedRefresh).toBe(1);
  });

  it("clears auth_token on sign-out even when the provider's sign-out fails", async () => {
    const { portalAuth, fake, stored } = setup();
    await portalAuth.signIn(admin.email, 'pw');
    fake.signOutError = new Error('network down');
    await expect(portalAuth.signOut()).rejects.toThrow('network down');
    expect(stored()).toBeNull();
  });

  it('clears the stored token when the user becomes null and tells listeners', async () => {
    const { portalAuth, fake, stored } = setup();
    const seen: unknown[] = [];
    portalAuth.onChange((user) => seen.push(user));
    await portalAuth.signIn(admin.email, 'pw');
    fake.setUser(null);
    expect(stored()).toBeNull();
    expect(seen).toEqual([admin, null]);
  });

  it('maps password-reset failures to the spec messages', async () => {
    const { portalAuth, fake } = setup();
    await expect(portalAuth.sendPasswordReset('a@b.test')).resolves.toBeUndefined();
    fake.resetError = { code: 'auth/user-not-found' };
    await expect(portalAuth.sendPasswordReset('a@b.test')).rejects.toThrow('app.auth.reset.userNotFound');
  });

  it('knows the whitelist', () => {
    const { portalAuth } = setup();
    expect(portalAuth.isWhitelisted(admin.uid)).toBe(true);
    expect(portalAuth.isWhitelisted(rep.uid)).toBe(false);
  });
});
