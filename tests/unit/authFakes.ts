import type { FirebaseAuthPort, ProviderUser } from '../../src/authProvider/portalAuth';
import type { IdTokenResultLike } from '../../src/authProvider/tokenRules';

export const HOUR = 3_600_000;
export const NOW = Date.UTC(2025, 0, 1, 12);

export const createMemoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
};

export const buildIdTokenResult = (overrides: Partial<{ token: string; issuedAt: number; expiresAt: number }> = {}): IdTokenResultLike => {
  const { token = 'token-1', issuedAt = NOW, expiresAt = NOW + HOUR } = overrides;
  return { token, issuedAtTime: new Date(issuedAt).toUTCString(), expirationTime: new Date(expiresAt).toUTCString() };
};

/** A fake Firebase Auth: accounts by email, a signed-in user, scripted token results. */
export const createFakeFirebase = (accounts: Record<string, ProviderUser> = {}) => {
  let user: ProviderUser | null = null;
  const listeners = new Set<(user: ProviderUser | null) => void>();
  const setUser = (next: ProviderUser | null) => {
    user = next;
    listeners.forEach((listener) => {
      listener(next);
    });
  };
  const calls = { signOut: 0, forcedRefresh: 0, cachedToken: 0 };
  const fake = {
    calls,
    setUser,
    signOutError: null as Error | null,
    resetError: null as unknown,
    cachedToken: buildIdTokenResult(),
    refreshedToken: buildIdTokenResult({ token: 'token-refreshed' }) as IdTokenResultLike | null,
    /** How long a forced refresh takes, so callers can overlap one. */
    refreshDelayMs: 0,
    /** The password signing in again needs (null: any). */
    password: null as string | null,
  };
  const port: FirebaseAuthPort = {
    signIn: async (email) => {
      const account = accounts[email];
      if (!account) throw new Error('Firebase: Error (auth/invalid-credential).');
      setUser(account);
      return account;
    },
    reauthenticate: async (email, password) => {
      const account = accounts[email];
      if (!account || (fake.password !== null && password !== fake.password)) throw new Error('Firebase: Error (auth/invalid-credential).');
      if (account.uid !== user?.uid) throw new Error('Firebase: Error (auth/user-mismatch).');
      fake.cachedToken = fake.refreshedToken ?? buildIdTokenResult({ token: 'token-signed-in-again', expiresAt: Date.now() + HOUR });
    },
    signUp: async (email) => {
      const account = { uid: `uid-${email}`, email };
      setUser(account);
      return account;
    },
    signOut: async () => {
      calls.signOut += 1;
      if (fake.signOutError) throw fake.signOutError;
      setUser(null);
    },
    sendPasswordResetEmail: async () => {
      if (fake.resetError) throw fake.resetError;
    },
    getIdTokenResult: async (force) => {
      if (!user) throw new Error('no user');
      if (!force) {
        calls.cachedToken += 1;
        return fake.cachedToken;
      }
      calls.forcedRefresh += 1;
      if (fake.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.refreshDelayMs));
      if (!fake.refreshedToken) throw new Error('Firebase: Error (auth/network-request-failed).');
      return fake.refreshedToken;
    },
    currentUser: () => user,
    onAuthStateChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    authStateReady: async () => undefined,
  };
  return { port, fake };
};
