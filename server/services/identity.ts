import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { deleteApp, initializeApp, type Credential } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { createRevocationCache, type RevocationCheckOptions } from './revocationCache';

/** Verified tokens kept at most (a token is about 1 KB). */
const KEPT_TOKENS = 5_000;

export interface VerifiedIdToken {
  uid: string;
  email: string | null;
  name: string | null;
  /** When the user last signed in (seconds since the epoch), from the token's auth_time. */
  authTime: number;
}

export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  disabled: boolean;
  /** The owner proved the email address (a verification link, or an admin said so). */
  emailVerified: boolean;
}

export interface CreateIdentityUser {
  uid?: string;
  email: string;
  password: string;
  displayName?: string;
  disabled?: boolean;
}

export type UpdateIdentityUser = Partial<Omit<CreateIdentityUser, 'uid'>>;

/** The identity provider as the server uses it (Firebase Auth, or its emulator). */
export interface Identity {
  /**
   * Checks the signature, expiry and project locally, once per token (a token that passed is
   * known until it expires). checkRevoked: also refuses
   * a token of a disabled or deleted account or of revoked sessions, asking the provider at
   * most once per interval per uid (revocationCache.ts); changes made through this instance
   * are seen at once. Throws InvalidTokenError (401) or IdentityUnavailableError (503).
   */
  verifyIdToken(token: string, checkRevoked: boolean): Promise<VerifiedIdToken>;
  /** null when no account has this email. */
  getUserByEmail(email: string): Promise<IdentityUser | null>;
  /** null when no account has this uid. */
  getUser(uid: string): Promise<IdentityUser | null>;
  /** The accounts of these uids (at most 100) that exist, in no particular order. */
  getUsers(uids: string[]): Promise<IdentityUser[]>;
  createUser(user: CreateIdentityUser): Promise<IdentityUser>;
  updateUser(uid: string, changes: UpdateIdentityUser): Promise<IdentityUser>;
  revokeRefreshTokens(uid: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

/** The token is missing, malformed, expired, revoked, or its account is disabled or deleted. */
export class InvalidTokenError extends Error {}
/** The identity provider could not be reached (keys, account lookup): not the caller's fault. */
export class IdentityUnavailableError extends Error {}

const TOKEN_REJECTIONS = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/tenant-id-mismatch',
]);

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/**
 * firebase-admin reports a failed fetch of Google's public keys (an error answer, or the
 * network failing after its retries) as auth/argument-error: only its message tells.
 */
const KEY_FETCH_FAILURE = /^(Error fetching public keys|Error while making request)/;

/** Sorts a firebase-admin verification failure into "bad token" and "provider unreachable". */
export const classifyVerifyError = (error: unknown): InvalidTokenError | IdentityUnavailableError => {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (KEY_FETCH_FAILURE.test(message)) return new IdentityUnavailableError(message);
  return code && TOKEN_REJECTIONS.has(code) ? new InvalidTokenError(message) : new IdentityUnavailableError(message);
};

const toIdentityUser = (record: {
  uid: string;
  email?: string;
  displayName?: string;
  disabled: boolean;
  emailVerified: boolean;
}): IdentityUser => ({
  uid: record.uid,
  email: record.email ?? null,
  displayName: record.displayName ?? null,
  disabled: record.disabled,
  emailVerified: record.emailVerified,
});

const nullWhenNotFound = async (lookup: () => Promise<IdentityUser>): Promise<IdentityUser | null> => {
  try {
    return await lookup();
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
};

export interface FirebaseIdentityOptions {
  projectId: string;
  /**
   * How to reach Google's identity endpoints (token keys, account management). Production
   * leaves both unset (the default credentials of GOOGLE_APPLICATION_CREDENTIALS, Node's
   * agent); tests route them to a local stand-in of Google.
   */
  httpAgent?: Agent;
  credential?: Credential;
  /** How often the provider is asked whether a uid's sessions were revoked (default once a minute). */
  revocationCheck?: RevocationCheckOptions;
}

/**
 * Firebase Auth through firebase-admin, one named app per instance (tests build several).
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the emulator and accepts its
 * unsigned tokens; env.ts refuses that combination in production.
 */
export const createFirebaseIdentity = ({ projectId, httpAgent, credential, revocationCheck }: FirebaseIdentityOptions): Identity => {
  const app = initializeApp(
    { projectId, ...(httpAgent ? { httpAgent } : {}), ...(credential ? { credential } : {}) },
    `salescoach-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const checked = createRevocationCache(revocationCheck);
  // Tokens that passed, until they expire: a signed token's content cannot change, so it is not
  // checked again (the emulator's check is a round trip to it on every call). Whether its
  // account was revoked is still asked as often as `checked` says.
  const passed = new LRUCache<string, VerifiedIdToken>({ max: KEPT_TOKENS });
  const verify = async (token: string, checkRevoked: boolean): Promise<VerifiedIdToken> => {
    try {
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      const verified = {
        uid: decoded.uid,
        email: decoded.email ?? null,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        authTime: decoded.auth_time,
      };
      const ttl = decoded.exp * 1000 - Date.now();
      if (ttl > 0) passed.set(token, verified, { ttl });
      return verified;
    } catch (error) {
      throw classifyVerifyError(error);
    }
  };
  // After a change to an account through this instance, its next token is checked with the provider.
  const changing = async <T>(uid: string, change: () => Promise<T>): Promise<T> => {
    checked.forget(uid);
    try {
      return await change();
    } finally {
      checked.forget(uid);
    }
  };
  return {
    verifyIdToken: async (token, checkRevoked) => {
      // The signature is checked against Google's cached public keys: no round trip per request.
      const local = passed.get(token) ?? (await verify(token, false));
      if (!checkRevoked || checked.isFresh(local.uid)) return local;
      const verified = await verify(token, true);
      checked.markChecked(verified.uid);
      return verified;
    },
    getUserByEmail: (email) => nullWhenNotFound(async () => toIdentityUser(await auth.getUserByEmail(email))),
    getUser: (uid) => nullWhenNotFound(async () => toIdentityUser(await auth.getUser(uid))),
    getUsers: async (uids) => (uids.length === 0 ? [] : (await auth.getUsers(uids.map((uid) => ({ uid })))).users.map(toIdentityUser)),
    createUser: async (user) => toIdentityUser(await auth.createUser(user)),
    updateUser: (uid, changes) => changing(uid, async () => toIdentityUser(await auth.updateUser(uid, changes))),
    revokeRefreshTokens: (uid) => changing(uid, () => auth.revokeRefreshTokens(uid)),
    deleteUser: (uid) => changing(uid, () => auth.deleteUser(uid)),
    close: () => deleteApp(app),
  };
};
