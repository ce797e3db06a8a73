import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config';
import { createPortalAuth, OTHER_ACCOUNT_KEY } from '../../src/authProvider/portalAuth';
import type { SessionState } from '../../src/authProvider/types';
import { buildIdTokenResult, createFakeFirebase, createMemoryStorage, HOUR, NOW } from './authFakes';

const admin = { uid: 'admin-uid', email: 'admin@salescoach.test' };
const lead = { uid: 'lead-uid', email: 'lead@salescoach.test' };
const MINUTE = 60_000;

/** The admin signed in at NOW with a one-hour token; the identity provider's answers are scripted on `fake`. */
const signedIn = async () => {
  const accounts = { [admin.email]: admin, [lead.email]: lead };
  const { port, fake } = createFakeFirebase(accounts);
  fake.password = 'Demo-pass-1';
  const storage = createMemoryStorage();
  let now = NOW;
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [admin.uid, lead.uid], storage, clock: () => now });
  await portalAuth.signIn(admin.email, 'Demo-pass-1');
  const seen: SessionState[] = [];
  portalAuth.onSessionState((state) => seen.push(state));
  const stored = () => JSON.parse(storage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null')?.token;
  return { portalAuth, fake, accounts, seen, stored, advance: (ms: number) => (now += ms) };
};

describe('the session state the expiry warning follows', () => {
  it("knows the stored token's expiry from sign-in", async () => {
    const { portalAuth } = await signedIn();
    expect(portalAuth.sessionState()).toEqual({ expiresAt: NOW + HOUR, refreshFailed: false });
  });

  it('records a failed refresh and keeps the token that still works; a refresh that works clears it', async () => {
    const { portalAuth, fake, seen, stored, advance } = await signedIn();
    fake.refreshedToken = null;
    await expect(portalAuth.refreshToken()).rejects.toThrow('app.auth.refreshFailed');
    expect(seen).toEqual([{ expiresAt: NOW + HOUR, refreshFailed: true }]);
    expect(stored()).toBe('token-1');
    // the same token read back keeps the failure; the guards still accept it
    advance(40 * MINUTE);
    expect(await portalAuth.getValidToken()).toMatchObject({ token: 'token-1' });
    expect(portalAuth.sessionState().refreshFailed).toBe(true);

    fake.refreshedToken = buildIdTokenResult({ token: 'token-2', issuedAt: NOW + 40 * MINUTE, expiresAt: NOW + 100 * MINUTE });
    await portalAuth.refreshToken();
    expect(portalAuth.sessionState()).toEqual({ expiresAt: NOW + 100 * MINUTE, refreshFailed: false });
  });

  it('is cleared by signing out', async () => {
    const { portalAuth } = await signedIn();
    await portalAuth.signOut();
    expect(portalAuth.sessionState()).toEqual({ expiresAt: null, refreshFailed: false });
  });
});

describe('signing in again in place', () => {
  it('reauthenticates the same user and stores the new token', async () => {
    const { portalAuth, fake, stored } = await signedIn();
    fake.refreshedToken = buildIdTokenResult({ token: 'token-again', expiresAt: NOW + 2 * HOUR });
    await portalAuth.signInAgain(' Admin@SalesCoach.test ', 'Demo-pass-1');
    expect(stored()).toBe('token-again');
    expect(portalAuth.sessionState()).toEqual({ expiresAt: NOW + 2 * HOUR, refreshFailed: false });
    expect(portalAuth.currentUser()).toEqual(admin);
  });

  it("passes the provider's wrong-password error through and keeps the session", async () => {
    const { portalAuth, stored, fake } = await signedIn();
    await expect(portalAuth.signInAgain(admin.email, 'wrong')).rejects.toThrow('auth/invalid-credential');
    expect(stored()).toBe('token-1');
    expect(fake.calls.signOut).toBe(0);
  });

  it('refuses another email before asking the provider, and another account the provider names', async () => {
    const { portalAuth, accounts, fake, stored } = await signedIn();
    await expect(portalAuth.signInAgain(lead.email, 'Demo-pass-1')).rejects.toThrow(OTHER_ACCOUNT_KEY);
    // the admin's email now belongs to another account: the provider answers auth/user-mismatch
    accounts[admin.email] = { uid: 'someone-else', email: admin.email };
    await expect(portalAuth.signInAgain(admin.email, 'Demo-pass-1')).rejects.toThrow(OTHER_ACCOUNT_KEY);
    expect(portalAuth.currentUser()).toEqual(admin);
    expect(stored()).toBe('token-1');
    expect(fake.calls.signOut).toBe(0);
  });

  it('says the session has expired when nobody is signed in any more', async () => {
    const { portalAuth } = await signedIn();
    await portalAuth.signOut();
    await expect(portalAuth.signInAgain(admin.email, 'Demo-pass-1')).rejects.toThrow('app.auth.sessionExpired');
  });
});
