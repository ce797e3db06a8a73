/** spec 3: token info, stored as JSON under localStorage 'auth_token'. */
export interface TokenInfo {
  token: string;
  /** ms timestamp */
  expiresAt: number;
  /** ms timestamp */
  issuedAt: number;
}

/** spec 3: the auth user. */
export interface AuthUser {
  uid: string;
  email: string | null;
}

/** What the portal knows of the session's ID token (docs/security.md, the expiry warning). */
export interface SessionState {
  /** ms timestamp at which the current ID token expires; null while signed out or not yet known */
  expiresAt: number | null;
  /** true when the last refresh failed and no token has been stored since */
  refreshFailed: boolean;
}

/**
 * What the portal's screens and providers need from the identity layer. One instance is
 * created at start-up (createPortalAuth) and shared through PortalAuthContext; tests build
 * it over a fake Firebase Auth.
 */
export interface PortalAuth {
  /** Resolves once the identity provider knows whether someone is signed in. */
  ready(): Promise<AuthUser | null>;
  currentUser(): AuthUser | null;
  /** Called with the user on every sign-in/sign-out; returns the unsubscribe function. */
  onChange(listener: (user: AuthUser | null) => void): () => void;
  isWhitelisted(uid: string): boolean;
  /** spec 4: signs in; a non-whitelisted account is signed out and AccessDeniedError thrown. */
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  /** Throws an Error whose message is one of spec 8's password-reset messages. */
  sendPasswordReset(email: string): Promise<void>;
  /** Signs out and clears the stored token, even when the provider's sign-out fails. */
  signOut(): Promise<void>;
  /** A token valid beyond the expiry buffer, refreshed when needed; null when signed out or refresh fails. */
  getValidToken(): Promise<TokenInfo | null>;
  /** Forces a refresh; throws Error('Failed to refresh token') on failure. */
  refreshToken(): Promise<TokenInfo>;
  sessionState(): SessionState;
  /** Called whenever a token is stored, a refresh fails or the session ends; returns the unsubscribe function. */
  onSessionState(listener: (state: SessionState) => void): () => void;
  /**
   * Signs the signed-in admin in again in place (the expiry warning's dialog) and stores the new
   * token; another account is refused with Error('app.sessionExpiry.otherAccount') and the
   * session stays as it was.
   */
  signInAgain(email: string, password: string): Promise<void>;
}
