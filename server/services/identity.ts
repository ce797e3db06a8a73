import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { deleteApp, initializeApp, type Credential } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';
import { createRevocationCache, type RevocationCheckOptions } from './revocationCache';

/** A token is about 1 KB. */
const KEPT_TOKENS = 5_000;

export interface VerifiedIdToken {
  uid: string;
  email: string | null;
  name: string | null;
  authTime: number;
}

export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  disabled: boolean;
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

export interface Identity {
  /** Checked locally once per token; checkRevoked asks the provider at most once per interval per uid (revocationCache.ts). */
  verifyIdToken(token: string, checkRevoked: boolean): Promise<VerifiedIdToken>;
  getUserByEmail(email: string): Promise<IdentityUser | null>;
  getUser(uid: string): Promise<IdentityUser | null>;
  /** At most 100 uids; the accounts that exist, in no particular order. */
  getUsers(uids: string[]): Promise<IdentityUser[]>;
  createUser(user: CreateIdentityUser): Promise<IdentityUser>;
  updateUser(uid: string, changes: UpdateIdentityUser): Promise<IdentityUser>;
  revokeRefreshTokens(uid: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidTokenError extends Error {}
/** Not the caller's fault. */
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

/** firebase-admin reports a failed fetch of Google's public keys as auth/argument-error: only its message tells. */
const KEY_FETCH_FAILURE = /^(Error fetching public keys|Error while making request)/;

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
  /** Tests route Google's endpoints to a local stand-in; production leaves it unset. */
  httpAgent?: Agent;
  credential?: Credential;
  revocationCheck?: RevocationCheckOptions;
}

/** One named app per instance (tests build several); env.ts refuses the emulator in production. */
export const createFirebaseIdentity = ({ projectId, httpAgent, credential, revocationCheck }: FirebaseIdentityOptions): Identity => {
  const app = initializeApp(
    { projectId, ...(httpAgent ? { httpAgent } : {}), ...(credential ? { credential } : {}) },
    `salescoach-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const checked = createRevocationCache(revocationCheck);
  // A signed token's content cannot change, so it is not checked again (the emulator's check is a round trip).
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
