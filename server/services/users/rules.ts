import { and, eq, isNull } from 'drizzle-orm';
import { USER_MESSAGES } from '../../../src/contract/users';
import type { Role } from '../../../src/contract/auth';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from './errors';
import type { Profile, UsersContext } from './model';

/** What a mutation does to the profile; `deleted` is the soft delete. */
export interface ProfileChange {
  name?: string;
  role?: Role;
  isActive?: boolean;
  deleted?: boolean;
}

export const isActiveAdmin = (profile: Pick<Profile, 'role' | 'isActive' | 'deletedAt'>) =>
  profile.role === 'admin' && profile.isActive && !profile.deletedAt;

const activeAdminsWhere = () => and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt));

/** The ids of every active, non-deleted admin; `lock` takes their rows FOR UPDATE. */
export const activeAdminIds = async (executor: Database | Transaction, lock: boolean) => {
  const query = executor.select({ id: users.id }).from(users).where(activeAdminsWhere());
  return (lock ? await query.for('update') : await query).map((row) => row.id);
};

export const findLiveProfile = async (db: Database | Transaction, id: string, lock = false): Promise<Profile | undefined> => {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  const [profile] = lock ? await query.for('update') : await query;
  return profile;
};

/** The change makes a profile that a self sign-up left (origin 'signup') an admin. */
export const promotesSignup = (target: Pick<Profile, 'origin' | 'role'>, change: ProfileChange) =>
  target.origin === 'signup' && target.role !== 'admin' && change.role === 'admin';

/**
 * The rules of spec 6 / docs/security.md: an admin cannot disable, delete or demote themself, and
 * the last active admin cannot be disabled, deleted or demoted (409 with the banner's message).
 * `activeAdminIds` are the ids of every active, non-deleted admin.
 * A self sign-up becomes an admin only once its email is verified (`emailVerified`, the identity
 * provider's flag, null when not known): anyone can sign up with a future colleague's address,
 * and the portal never promotes an account it did not create or verify (docs/security.md).
 */
export const checkRules = (
  actor: UsersContext['actor'],
  target: Profile,
  change: ProfileChange,
  activeAdminIds: string[],
  emailVerified: boolean | null,
) => {
  if (target.id === actor.userId) {
    if (change.deleted) throw conflict(USER_MESSAGES.selfDelete);
    if (change.isActive === false) throw conflict(USER_MESSAGES.selfDisable);
    if (change.role === 'user' && target.role === 'admin') throw conflict(USER_MESSAGES.selfDemote);
  }
  const losesAdmin = isActiveAdmin(target) && (change.deleted || change.isActive === false || change.role === 'user');
  if (losesAdmin && activeAdminIds.filter((id) => id !== target.id).length === 0) throw conflict(USER_MESSAGES.lastAdmin);
  if (promotesSignup(target, change) && emailVerified !== true) throw conflict(USER_MESSAGES.unverifiedSignupPromotion);
};
