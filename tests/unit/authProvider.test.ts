import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { firebaseAuthProvider } from '../../src/authProvider/authProvider';
import { createPortalAuth } from '../../src/authProvider/portalAuth';
import { createFakeFirebase, createMemoryStorage, HOUR, NOW } from './authFakes';

const admin = { uid: 'admin-uid', email: 'admin@salescoach.test' };
const rep = { uid: 'rep-uid', email: 'rep@salescoach.test' };

const setup = () => {
  const { port, fake } = createFakeFirebase({ [admin.email]: admin, [rep.email]: rep });
  let now = NOW;
  const storage = createMemoryStorage();
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [admin.uid], storage, clock: () => now });
  return { authProvider: firebaseAuthProvider(portalAuth), portalAuth, fake, storage, advance: (ms: number) => (now += ms) };
};

describe('firebaseAuthProvider', () => {
  it('logs a whitelisted admin in and reports the identity', async () => {
    const { authProvider } = setup();
    await authProvider.login({ username: admin.email, password: 'pw' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: admin.uid, fullName: admin.email });
  });

  it('refuses a non-whitelisted account with the access-denied message', async () => {
    const { authProvider, portalAuth } = setup();
    await expect(authProvider.login({ email: rep.email, password: 'pw' })).rejects.toThrow('app.auth.accessDenied');
    expect(portalAuth.currentUser()).toBeNull();
  });

  it('sends a visitor without a user to /login', async () => {
    const { authProvider } = setup();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('sends a signed-in but non-whitelisted user to /login', async () => {
    const { authProvider, fake } = setup();
    fake.setUser(rep);
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('sends the user to /login when the token cannot be refreshed', async () => {
    const { authProvider, fake, advance } = setup();
    await authProvider.login({ username: admin.email, password: 'pw' });
    advance(HOUR);
    fake.refreshedToken = null;
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('logs out on 401 but not on 403 NOT_ADMIN or 503', async () => {
    const { authProvider } = setup();
    await expect(authProvider.checkError(new HttpError('x', 401, { error: 'AUTHENTICATION_FAILED' }))).rejects.toBeDefined();
    await expect(authProvider.checkError(new HttpError('x', 403, { error: 'NOT_ADMIN' }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('x', 503, { error: 'AUTH_UNAVAILABLE' }))).resolves.toBeUndefined();
  });

  it('logs out even when the provider sign-out fails', async () => {
    const { authProvider, fake, storage } = setup();
    await authProvider.login({ username: admin.email, password: 'pw' });
    expect(storage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
    fake.signOutError = new Error('offline');
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(storage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
