import { vi, type Mocked } from 'vitest';
import { AccessDeniedError } from '@/authProvider';
import type { AuthUser, PortalAuth, TokenInfo } from '@/authProvider/types';

export interface FakeAccount {
  uid: string;
  email: string;
  password: string;
}

let nextUid = 1;

export const buildAccount = (overrides: Partial<FakeAccount> = {}): FakeAccount => ({
  uid: `uid-${nextUid++}`,
  email: 'admin@salescoach.test',
  password: 'Demo-pass-1',
  ...overrides,
});

export interface FakeAuthOptions {
  users?: FakeAccount[];
  /** uids allowed into the portal */
  whitelisted?: string[];
  /** email of the account signed in at start */
  signedInAs?: string;
}

export type FakePortalAuth = Mocked<PortalAuth>;

/**
 * An in-memory PortalAuth: accounts, a whitelist and the signed-in user. Every method is a
 * vi.fn, so a test can override one (e.g. a sign-in that never settles) and assert calls.
 * Errors follow PortalAuth's rules: i18n keys for reset failures, AccessDeniedError for a
 * non-whitelisted sign-in, the identity provider's own text otherwise.
 */
export const buildFakeAuth = ({ users = [], whitelisted, signedInAs }: FakeAuthOptions = {}): FakePortalAuth => {
  const accounts = [...users];
  const allowed = new Set(whitelisted ?? users.map((user) => user.uid));
  const listeners = new Set<(user: AuthUser | null) => void>();
  const toUser = (account: FakeAccount): AuthUser => ({ uid: account.uid, email: account.email });
  const signedIn = accounts.find((account) => account.email === signedInAs);
  let current: AuthUser | null = signedIn ? toUser(signedIn) : null;
  const setCurrent = (user: AuthUser | null) => {
    current = user;
    listeners.forEach((listener) => {
      listener(user);
    });
  };
  const token = (): TokenInfo => ({ token: 'fake-token', issuedAt: Date.now(), expiresAt: Date.now() + 3_600_000 });

  const auth: PortalAuth = {
    ready: async () => current,
    currentUser: () => current,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isWhitelisted: (uid) => allowed.has(uid),
    signIn: async (email, password) => {
      const account = accounts.find((candidate) => candidate.email === email && candidate.password === password);
      if (!account) throw new Error('Firebase: Error (auth/invalid-credential).');
      if (!allowed.has(account.uid)) {
        setCurrent(null);
        throw new AccessDeniedError();
      }
      setCurrent(toUser(account));
      return toUser(account);
    },
    signUp: async (email, password) => {
      if (accounts.some((account) => account.email === email)) {
        throw new Error('Firebase: Error (auth/email-already-in-use).');
      }
      const account = buildAccount({ email, password });
      accounts.push(account);
      setCurrent(toUser(account));
      return toUser(account);
    },
    sendPasswordReset: async (email) => {
      if (!accounts.some((account) => account.email === email)) throw new Error('app.auth.reset.userNotFound');
    },
    signOut: async () => setCurrent(null),
    getValidToken: async () => (current ? token() : null),
    refreshToken: async () => token(),
    sessionState: () => ({ expiresAt: current ? Date.now() + 3_600_000 : null, refreshFailed: false }),
    onSessionState: () => () => undefined,
    signInAgain: async (email, password) => {
      if (email !== current?.email) throw new Error('app.sessionExpiry.otherAccount');
      if (!accounts.some((account) => account.email === email && account.password === password)) {
        throw new Error('Firebase: Error (auth/invalid-credential).');
      }
    },
  };

  return Object.fromEntries(Object.entries(auth).map(([name, method]) => [name, vi.fn(method)])) as unknown as FakePortalAuth;
};
