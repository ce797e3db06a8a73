import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';

export const TEST_PROJECT_ID = 'demo-salescoach';
export const TEST_PASSWORD = 'Test-pass-1';

/** Points firebase-admin (in this test worker) at the emulator started by the global setup. */
export const useAuthEmulator = (): string => {
  const host = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return host;
};

export interface EmulatorAccount {
  uid: string;
  email: string;
  idToken: string;
}

/**
 * fetch against the emulator, retried once when a kept-alive connection was closed under it
 * (undici reports that as TypeError 'fetch failed' on the first call after a quiet spell).
 */
const emulatorFetch = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!(error instanceof TypeError && error.message === 'fetch failed')) throw error;
    return fetch(url, init);
  }
};

const callEmulator = async <T>(method: 'signUp' | 'signInWithPassword', body: Record<string, unknown>): Promise<T> => {
  const url = `http://${useAuthEmulator()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;
  const response = await emulatorFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Emulator ${method} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@test.salescoach.test`;

/** A self sign-up through the emulator's REST API, as the portal's sign-up page does. */
export const signUp = async (email = uniqueEmail(), password = TEST_PASSWORD): Promise<EmulatorAccount> => {
  const result = await callEmulator<{ localId: string; idToken: string }>('signUp', { email, password, returnSecureToken: true });
  return { uid: result.localId, email, idToken: result.idToken };
};

/** A fresh ID token (new auth_time), as signing in again gives. */
export const signIn = async (email: string, password = TEST_PASSWORD): Promise<string> => {
  const result = await callEmulator<{ idToken: string }>('signInWithPassword', { email, password, returnSecureToken: true });
  return result.idToken;
};

/** Gives the account an admin profile in the database (what the users screen will do). */
export const makeAdmin = async (db: Database, account: Pick<EmulatorAccount, 'uid' | 'email'>, name = 'Test Admin') => {
  await db
    .insert(users)
    .values({ uid: account.uid, email: account.email, name, role: 'admin' })
    .onConflictDoUpdate({ target: users.uid, set: { role: 'admin', isActive: true, deletedAt: null } });
};

export const setProfile = (db: Database, uid: string, changes: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(changes).where(eq(users.uid, uid));

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Revocation and disabling have one-second granularity: wait past the token's second. */
export const pastRevocationGranularity = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** Why the emulator refuses a password sign-in (e.g. USER_DISABLED, INVALID_PASSWORD), or null when it succeeds. */
export const signInRefusal = async (email: string, password: string): Promise<string | null> => {
  const url = `http://${useAuthEmulator()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test-api-key`;
  const response = await emulatorFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
  return body.error?.message ?? `HTTP ${response.status}`;
};

/**
 * An unsigned (`alg: none`) ID token with any claims: what anyone can build from nothing. The
 * Auth emulator's firebase-admin accepts it, which is why the server trusts the emulator only
 * for a demo-* project on loopback (docs/security.md); a server using a real project refuses it.
 */
export const forgeUnsignedToken = (claims: { uid: string; projectId?: string; authTime?: number; [claim: string]: unknown }): string => {
  const { uid, projectId = TEST_PROJECT_ID, authTime, ...extra } = claims;
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    auth_time: authTime ?? now,
    iat: Math.max(now, authTime ?? now),
    exp: now + 3_600,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...extra,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
};

/** What clicking the verification link does: firebase-admin cannot set the flag through our Identity, the emulator's REST API can. */
export const markEmailVerified = async (uid: string) => {
  const url = `http://${useAuthEmulator()}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`;
  const response = await emulatorFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${await response.text()}`);
};
