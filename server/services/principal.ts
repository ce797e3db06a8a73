import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, WriteGeneration } from '../db/client';
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

const judge = (token: VerifiedIdToken, profile: Profile | undefined): PrincipalResolution => {
  if (profile && begunBeforeRevocation(token, profile)) return { outcome: 'revoked' };
  if (!profile || !isActiveAdmin(profile)) {
    return { outcome: 'notAdmin', reason: profile ? `not an active admin (role ${profile.role})` : 'no profile' };
  }
  return { outcome: 'admin', admin: { uid: profile.uid, email: profile.email, userId: profile.id } };
};

const needsLastLogin = (token: VerifiedIdToken, profile: Profile) =>
  !profile.lastLogin || profile.lastLogin < new Date(token.authTime * 1000);

const readProfile = async (db: Database, uid: string): Promise<Profile | undefined> =>
  (await db.select().from(users).where(eq(users.uid, uid)).limit(1))[0];

/** The resolution of a token with its profile, recording an admin's new sign-in as lastLogin. */
const resolveWith = async (db: Database, token: VerifiedIdToken, profile: Profile | undefined): Promise<PrincipalResolution> => {
  const resolution = judge(token, profile);
  if (resolution.outcome === 'admin' && profile && needsLastLogin(token, profile)) {
    await db
      .update(users)
      .set({ lastLogin: new Date(token.authTime * 1000) })
      .where(eq(users.id, profile.id));
  }
  return resolution;
};

/**
 * The admin behind a verified token, from the uid's profile. Admin rights come from the uid's
 * database role, never from the email or the client. A refusal writes nothing (docs/security.md),
 * so a self sign-up gets no profile from calling the API; an admin's sign-in time is recorded
 * as lastLogin.
 */
const resolveAdmin = async (db: Database, token: VerifiedIdToken): Promise<PrincipalResolution> =>
  resolveWith(db, token, await readProfile(db, token.uid));

/** Profiles kept at most (the least recently used are forgotten first). */
const KEPT_PROFILES = 10_000;

/**
 * resolveAdmin, reusing each uid's profile while the database has not been written since it
 * was read (db/writeGeneration.ts): every revocation, demotion, disable or deletion the portal
 * makes is a write, so it applies to the very next request as before. Without a write
 * generation (PostgreSQL, where other servers write too) every request reads the profile.
 */
export const createPrincipalResolver = (db: Database, writes: WriteGeneration | null) => {
  if (!writes) return (token: VerifiedIdToken) => resolveAdmin(db, token);
  const kept = new LRUCache<string, { generation: number; profile: Profile | undefined }>({ max: KEPT_PROFILES });
  return async (token: VerifiedIdToken): Promise<PrincipalResolution> => {
    const entry = kept.get(token.uid);
    if (entry && entry.generation === writes.current) {
      const resolution = judge(token, entry.profile);
      if (!(resolution.outcome === 'admin' && entry.profile && needsLastLogin(token, entry.profile))) return resolution;
    }
    const generation = writes.current;
    const profile = await readProfile(db, token.uid);
    // A lastLogin written here changes the generation, so this entry is read again next time.
    const resolution = await resolveWith(db, token, profile);
    kept.set(token.uid, { generation, profile });
    return resolution;
  };
};
