import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

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
  /** Throws InvalidTokenError (401) or IdentityUnavailableError (503). */
  verifyIdToken(token: string, checkRevoked: boolean): Promise<VerifiedIdToken>;
  /** null when no account has this email. */
  getUserByEmail(email: string): Promise<IdentityUser | null>;
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

/** Sorts a firebase-admin verification failure into "bad token" and "provider unreachable". */
export const classifyVerifyError = (error: unknown): InvalidTokenError | IdentityUnavailableError => {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && TOKEN_REJECTIONS.has(code) ? new InvalidTokenError(message) : new IdentityUnavailableError(message);
};

const toIdentityUser = (record: { uid: string; email?: string; displayName?: string; disabled: boolean }): IdentityUser => ({
  uid: record.uid,
  email: record.email ?? null,
  displayName: record.displayName ?? null,
  disabled: record.disabled,
});

/**
 * Firebase Auth through firebase-admin, one named app per instance (tests build several).
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the emulator and accepts its
 * unsigned tokens; env.ts refuses that combination in production.
 */
export const createFirebaseIdentity = ({ projectId }: { projectId: string }): Identity => {
  const app = initializeApp({ projectId }, `salescoach-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    verifyIdToken: async (token, checkRevoked) => {
      try {
        const decoded = await auth.verifyIdToken(token, checkRevoked);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          authTime: decoded.auth_time,
        };
      } catch (error) {
        throw classifyVerifyError(error);
      }
    },
    getUserByEmail: async (email) => {
      try {
        return toIdentityUser(await auth.getUserByEmail(email));
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },
    createUser: async (user) => toIdentityUser(await auth.createUser(user)),
    updateUser: async (uid, changes) => toIdentityUser(await auth.updateUser(uid, changes)),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
    deleteUser: (uid) => auth.deleteUser(uid),
    close: () => deleteApp(app),
  };
};
