import { createTokenStore, isTokenExpired, toTokenInfo, type IdTokenResultLike } from './tokenRules';
import { resetErrorKey } from './resetErrors';
import type { AuthUser, PortalAuth, TokenInfo } from './types';
import { isWhitelisted } from './whitelist';

/** The identity-provider user fields the portal reads. */
export interface ProviderUser {
  uid: string;
  email: string | null;
}

/**
 * The Firebase Auth operations the portal uses, behind a port so tests pass a fake
 * (the real one is createFirebaseAuthPort in firebasePort.ts).
 */
export interface FirebaseAuthPort {
  signIn(email: string, password: string): Promise<ProviderUser>;
  signUp(email: string, password: string): Promise<ProviderUser>;
  signOut(): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
  /** The signed-in user's ID token; rejects when nobody is signed in or the refresh fails. */
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
}

/** spec 6: thrown when a non-whitelisted account signs in (it is signed out first). */
export class AccessDeniedError extends Error {
  constructor() {
    super('app.auth.accessDenied');
    this.name = 'AccessDeniedError';
  }
}

export const REFRESH_FAILED_KEY = 'app.auth.refreshFailed';

const toAuthUser = (user: ProviderUser | null): AuthUser | null => (user ? { uid: user.uid, email: user.email ?? null } : null);

/**
 * The portal's identity layer over Firebase Auth: whitelist, `auth_token` storage with the
 * 300 000 ms expiry buffer, refresh, sign-out that always clears the stored token.
 */
export const createPortalAuth = ({ auth, allowedUids, storage, clock = Date.now }: PortalAuthOptions): PortalAuth => {
  const store = createTokenStore(storage);
  const listeners = new Set<(user: AuthUser | null) => void>();
  let refreshing: Promise<TokenInfo> | null = null;

  auth.onAuthStateChanged((providerUser) => {
    const user = toAuthUser(providerUser);
    // spec 4: setting the user to null clears the stored token
    if (!user) store.clear();
    listeners.forEach((listener) => {
      listener(user);
    });
  });

  const storeToken = (info: TokenInfo): TokenInfo => {
    store.write(info);
    return info;
  };

  const refreshToken = (): Promise<TokenInfo> => {
    // one refresh at a time: the guards' timers and the http client may ask together
    refreshing ??= auth
      .getIdTokenResult(true)
      .then((result) => storeToken(toTokenInfo(result)))
      .catch(() => {
        throw new Error(REFRESH_FAILED_KEY);
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const signOut = async (): Promise<void> => {
    try {
      if (auth.currentUser()) await auth.signOut();
    } finally {
      // spec 8: a logout failure still clears stored tokens
      store.clear();
    }
  };

  return {
    ready: async () => {
      await auth.authStateReady();
      return toAuthUser(auth.currentUser());
    },
    currentUser: () => toAuthUser(auth.currentUser()),
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
      if (!auth.currentUser()) return null;
      const stored = store.read(clock());
      if (stored) return stored;
      try {
        // The provider's cached token is enough when it is valid beyond our buffer (cold
        // start): an idle tab then refreshes about once an hour (docs/security.md).
        const cached = toTokenInfo(await auth.getIdTokenResult(false));
        if (!isTokenExpired(cached, clock())) return storeToken(cached);
        return await refreshToken();
      } catch {
        return null;
      }
    },
    refreshToken,
  };
};
