import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, WriteGeneration } from '../db/client';
import { users } from '../db/schema';
import type { VerifiedIdToken } from './identity';
import { isActiveAdmin } from './users/rules';

export interface AdminPrincipal {
  uid: string;
  /** Never the token's claim (docs/security.md). */
  email: string | null;
  userId: string;
}

export type PrincipalResolution =
  | { outcome: 'admin'; admin: AdminPrincipal }
  | { outcome: 'revoked' }
  | { outcome: 'notAdmin'; reason: string };

type Profile = typeof users.$inferSelect;

/** The provider compares whole seconds: the profile's exact stamp refuses a session begun in the revocation's second. */
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

/** Rights come from the uid's database role; a refusal writes nothing, so a self sign-up gets no profile (docs/security.md). */
const resolveAdmin = async (db: Database, token: VerifiedIdToken): Promise<PrincipalResolution> =>
  resolveWith(db, token, await readProfile(db, token.uid));

const KEPT_PROFILES = 10_000;

/** Every revocation the portal makes is a write, so reusing profiles between writes still applies it to the next request. */
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
