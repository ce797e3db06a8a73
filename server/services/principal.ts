import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { VerifiedIdToken } from './identity';
import { isActiveAdmin } from './users/rules';

/** The signed-in admin a request acts as. */
export interface AdminPrincipal {
  uid: string;
  /** The stored profile's email (never the token's claim: docs/security.md). */
  email: string | null;
  /** users.id of the admin's profile */
  userId: string;
}

/**
 * What a verified token amounts to: an admin, a session the portal revoked (401), or an
 * account without admin rights (403, with the reason for the log).
 */
export type PrincipalResolution =
  | { outcome: 'admin'; admin: AdminPrincipal }
  | { outcome: 'revoked' }
  | { outcome: 'notAdmin'; reason: string };

type Profile = typeof users.$inferSelect;

/**
 * The identity provider refuses sessions that began (auth_time) before a revocation, comparing
 * whole seconds, so a session begun in the same second passes its check. The profile's stamp
 * of the portal's last revocation closes that second (docs/security.md: refused on the next request);
 * signing in again a second later works.
 */
const begunBeforeRevocation = (token: VerifiedIdToken, profile: Profile) =>
  profile.sessionsRevokedAt !== null && token.authTime <= Math.floor(profile.sessionsRevokedAt.getTime() / 1000);

/**
 * The admin behind a verified token, from the uid's profile. Admin rights come from the uid's
 * database role, never from the email or the client. A refusal writes nothing (docs/security.md),
 * so a self sign-up gets no profile from calling the API; an admin's sign-in time is recorded
 * as lastLogin.
 */
export const resolveAdmin = async (db: Database, token: VerifiedIdToken): Promise<PrincipalResolution> => {
  const [profile] = await db.select().from(users).where(eq(users.uid, token.uid)).limit(1);
  if (profile && begunBeforeRevocation(token, profile)) return { outcome: 'revoked' };
  if (!profile || !isActiveAdmin(profile)) {
    return { outcome: 'notAdmin', reason: profile ? `not an active admin (role ${profile.role})` : 'no profile' };
  }
  const signedInAt = new Date(token.authTime * 1000);
  if (!profile.lastLogin || profile.lastLogin < signedInAt) {
    await db.update(users).set({ lastLogin: signedInAt }).where(eq(users.id, profile.id));
  }
  return { outcome: 'admin', admin: { uid: profile.uid, email: profile.email, userId: profile.id } };
};
