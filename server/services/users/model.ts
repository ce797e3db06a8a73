import type { User } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema';
import type { Identity } from '../identity';

export type Profile = typeof users.$inferSelect;

export interface UsersStores {
  db: Database;
  identity: Identity;
}

export interface UsersContext {
  actor: { uid: string; email: string | null; userId: string };
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/** docs/security.md: provider fields are validated like API input; null when not known. */
export const verifiedFlag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

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
