import { and, eq, isNull } from 'drizzle-orm';
import { USER_MESSAGES } from '../../../src/contract/users';
import type { Role } from '../../../src/contract/auth';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from './errors';
import type { Profile, UsersContext } from './model';

export interface ProfileChange {
  name?: string;
  role?: Role;
  isActive?: boolean;
  deleted?: boolean;
}

export const isActiveAdmin = (profile: Pick<Profile, 'role' | 'isActive' | 'deletedAt'>) =>
  profile.role === 'admin' && profile.isActive && !profile.deletedAt;

const activeAdminsWhere = () => and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt));

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

export const promotesSignup = (target: Pick<Profile, 'origin' | 'role'>, change: ProfileChange) =>
  target.origin === 'signup' && target.role !== 'admin' && change.role === 'admin';

/**
 * spec 6, docs/security.md: nobody disables, deletes or demotes themself or the last active admin; a self sign-up
 * becomes an admin only once its email is verified, as anyone can sign up with a future colleague's address.
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
