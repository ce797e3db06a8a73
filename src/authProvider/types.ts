/** spec 3: token info, stored as JSON under localStorage 'auth_token'. */
export interface TokenInfo {
  token: string;
  expiresAt: number;
  issuedAt: number;
}

export interface AuthUser {
  uid: string;
  email: string | null;
}

export interface SessionState {
  /** null while signed out or not yet known */
  expiresAt: number | null;
  refreshFailed: boolean;
}

/** One instance, made at start-up and shared through PortalAuthContext. */
export interface PortalAuth {
  ready(): Promise<AuthUser | null>;
  currentUser(): AuthUser | null;
  onChange(listener: (user: AuthUser | null) => void): () => void;
  isWhitelisted(uid: string): boolean;
  /** spec 4: a non-whitelisted account is signed out and AccessDeniedError thrown. */
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  /** spec 8: the Error's message is one of the password-reset messages. */
  sendPasswordReset(email: string): Promise<void>;
  /** Clears the stored token even when the provider's sign-out fails. */
  signOut(): Promise<void>;
  getValidToken(): Promise<TokenInfo | null>;
  refreshToken(): Promise<TokenInfo>;
  sessionState(): SessionState;
  onSessionState(listener: (state: SessionState) => void): () => void;
  /** The expiry warning's sign-in in place; another account is refused and the session stays. */
  signInAgain(email: string, password: string): Promise<void>;
}
