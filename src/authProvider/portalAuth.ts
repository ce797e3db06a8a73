import { createTokenStore, isTokenExpired, toTokenInfo, tokenUser, type IdTokenResultLike } from './tokenRules';
import { resetErrorKey } from './resetErrors';
import type { AuthUser, PortalAuth, SessionState, TokenInfo } from './types';
import { isWhitelisted } from './whitelist';

export interface ProviderUser {
  uid: string;
  email: string | null;
}

/** Behind a port so that tests pass a fake Firebase Auth. */
export interface FirebaseAuthPort {
  signIn(email: string, password: string): Promise<ProviderUser>;
  /** Another account rejects with auth/user-mismatch. */
  reauthenticate(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<ProviderUser>;
  signOut(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
  getIdTokenResult(forceRefresh: boolean): Promise<IdTokenResultLike>;
  currentUser(): ProviderUser | null;
  onAuthStateChanged(listener: (user: ProviderUser | null) => void): () => void;
  authStateReady(): Promise<void>;
}

export interface PortalAuthOptions {
  auth: FirebaseAuthPort;
  allowedUids: readonly string[];
  storage: Storage;
  clock?: () => number;
  /** A session that ended without a sign-out here (the provider could not keep it): spec 8's expiry, noted for /login. */
  onSessionLost?: (user: AuthUser) => void;
}

/** spec 6: the account is signed out first. */
export class AccessDeniedError extends Error {
  constructor() {
    super('app.auth.accessDenied');
    this.name = 'AccessDeniedError';
  }
}

export const REFRESH_FAILED_KEY = 'app.auth.refreshFailed';
export const OTHER_ACCOUNT_KEY = 'app.sessionExpiry.otherAccount';
const SIGNED_OUT: SessionState = { expiresAt: null, refreshFailed: false };

const isUserMismatch = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'auth/user-mismatch' ||
  (error instanceof Error && error.message.includes('(auth/user-mismatch)'));

const toAuthUser = (user: ProviderUser | null): AuthUser | null => (user ? { uid: user.uid, email: user.email ?? null } : null);

/** The whitelist, `auth_token` storage with spec 5's 300 000 ms buffer, refresh, and a sign-out that always clears the token. */
export const createPortalAuth = ({ auth, allowedUids, storage, clock = Date.now, onSessionLost }: PortalAuthOptions): PortalAuth => {
  const store = createTokenStore(storage);
  let signingOut = false;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let refreshing: Promise<TokenInfo> | null = null;
  let session = SIGNED_OUT;
  const sessionListeners = new Set<(state: SessionState) => void>();
  const setSession = (next: SessionState) => {
    if (next.expiresAt === session.expiresAt && next.refreshFailed === session.refreshFailed) return;
    session = next;
    sessionListeners.forEach((listener) => {
      listener(next);
    });
  };
  const known = (info: TokenInfo): TokenInfo => {
    setSession({ expiresAt: info.expiresAt, refreshFailed: session.expiresAt === info.expiresAt && session.refreshFailed });
    return info;
  };

  // Still holding a token (expired or not) with no sign-out here or in another tab (a sign-out
  // clears the token first), the provider could not keep the session: at load, or on a refresh.
  // The token's owner is read once at load too: reading the store drops an expired token.
  let ownerAtLoad = store.owner();
  const strand = (owner = store.owner()) => {
    const stranded = signingOut ? null : owner;
    ownerAtLoad = null;
    store.clear();
    if (stranded && isWhitelisted(stranded.uid, allowedUids)) onSessionLost?.(stranded);
  };

  // Until the provider has checked its stored session (a round trip every cold start waited for), the session is the
  // stored `auth_token` of a whitelisted uid; the API verifies every token, and a provider finding no session signs out.
  let settled = false;
  const providerReady = auth
    .authStateReady()
    .catch(() => undefined)
    .then(() => {
      settled = true;
      if (!auth.currentUser() && ownerAtLoad) strand(ownerAtLoad);
    });
  const storedSession = (): { user: AuthUser; token: TokenInfo } | null => {
    if (settled) return null;
    const token = store.read(clock());
    const user = token ? tokenUser(token.token) : null;
    return token && user && isWhitelisted(user.uid, allowedUids) ? { user, token } : null;
  };
  const currentUser = (): AuthUser | null => toAuthUser(auth.currentUser()) ?? storedSession()?.user ?? null;

  auth.onAuthStateChanged((providerUser) => {
    const user = toAuthUser(providerUser);
    if (!user) {
      strand();
      setSession(SIGNED_OUT);
    }
    listeners.forEach((listener) => {
      listener(user);
    });
  });

  const storeToken = (info: TokenInfo): TokenInfo => {
    store.write(info);
    setSession({ expiresAt: info.expiresAt, refreshFailed: false });
    return info;
  };

  const refreshToken = (): Promise<TokenInfo> => {
    // The guards' timers and the http client may ask together.
    refreshing ??= providerReady
      .then(() => auth.getIdTokenResult(true))
      .then((result) => storeToken(toTokenInfo(result)))
      .catch(() => {
        // The token still works until it expires: the layout warns (docs/security.md).
        setSession({ ...session, refreshFailed: true });
        throw new Error(REFRESH_FAILED_KEY);
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const signOut = async (): Promise<void> => {
    signingOut = true;
    store.clear();
    try {
      // Unless the provider's stored session is known to be ended, it comes back once read.
      await providerReady;
      if (auth.currentUser()) await auth.signOut();
    } finally {
      store.clear();
      signingOut = false;
    }
  };

  return {
    ready: async () => {
      const stored = storedSession();
      if (stored) return stored.user;
      await providerReady;
      return toAuthUser(auth.currentUser());
    },
    currentUser,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isWhitelisted: (uid) => isWhitelisted(uid, allowedUids),
    signIn: async (email, password) => {
      const user = toAuthUser(await auth.signIn(email, password)) as AuthUser;
      if (!isWhitelisted(user.uid, allowedUids)) {
        await signOut().catch(() => undefined);
        throw new AccessDeniedError();
      }
      storeToken(toTokenInfo(await auth.getIdTokenResult(false)));
      return user;
    },
    signUp: async (email, password) => toAuthUser(await auth.signUp(email, password)) as AuthUser,
    sendPasswordReset: async (email) => {
      try {
        await auth.sendPasswordResetEmail(email);
      } catch (error) {
        throw new Error(resetErrorKey(error));
      }
    },
    signOut,
    getValidToken: async () => {
      const early = storedSession();
      if (early) return known(early.token);
      await providerReady;
      if (!auth.currentUser()) return null;
      const stored = store.read(clock());
      if (stored) return known(stored);
      try {
        // Valid beyond our buffer: an idle tab then refreshes about once an hour (docs/security.md).
        const cached = toTokenInfo(await auth.getIdTokenResult(false));
        if (!isTokenExpired(cached, clock())) return storeToken(cached);
        return await refreshToken();
      } catch {
        return null;
      }
    },
    refreshToken,
    sessionState: () => session,
    onSessionState: (listener) => {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    signInAgain: async (email, password) => {
      await providerReady;
      const current = auth.currentUser();
      if (!current) throw new Error('app.auth.sessionExpired');
      const signedInEmail = current.email ?? '';
      if (email.trim().toLowerCase() !== signedInEmail.toLowerCase()) throw new Error(OTHER_ACCOUNT_KEY);
      try {
        await auth.reauthenticate(signedInEmail, password);
      } catch (error) {
        throw isUserMismatch(error) ? new Error(OTHER_ACCOUNT_KEY) : error;
      }
      storeToken(toTokenInfo(await auth.getIdTokenResult(false)));
    },
  };
};
