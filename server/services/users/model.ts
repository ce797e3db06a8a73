import type { User } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema';
import type { Identity } from '../identity';

export type Profile = typeof users.$inferSelect;

/** What the users service reads and writes: the profiles, and the accounts at the identity provider. */
export interface UsersStores {
  db: Database;
  identity: Identity;
}

/** Who acts (the signed-in admin, request.admin) and where to log what the client does not see. */
export interface UsersContext {
  actor: { uid: string; email: string | null; userId: string };
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/**
 * The identity provider's verified flag as the API may show it: a boolean, or null when the
 * provider could not be asked or has no account (docs/security.md: provider fields are validated
 * like API input before they are shown).
 */
export const verifiedFlag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** A profile as the API sends it (src/contract/users.ts userSchema). */
export const toWireUser = (profile: Profile, emailVerified: boolean | null): User => ({
  _id: profile.id,
  email: profile.email,
  name: profile.name,
  role: profile.role,
  isActive: profile.isActive,
  lastLogin: profile.lastLogin ? profile.lastLogin.toISOString() : null,
  createdAt: profile.createdAt.toISOString(),
  emailVerified,
  version: profile.version,
  deletedAt: profile.deletedAt ? profile.deletedAt.toISOString() : null,
  emailFreed: profile.emailReleasedAt !== null,
});
