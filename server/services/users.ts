import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '../../src/contract/common';
import {
  USER_ERROR_CODES,
  USER_MESSAGES,
  type CreateUser,
  type UpdateUser,
  type User,
  type UserListQuery,
  type UserListResponse,
} from '../../src/contract/users';
import type { Role } from '../../src/contract/auth';
import type { Database, Transaction } from '../db/client';
import { users, type AuditChanges } from '../db/schema';
import { ApiHttpError } from '../plugins/errors';
import { diffFields, recordAudit } from './audit';
import type { Identity, UpdateIdentityUser } from './identity';

type Profile = typeof users.$inferSelect;

/** Who acts (the signed-in admin, request.admin) and where to log what the client does not see. */
export interface UsersContext {
  actor: { uid: string; email: string | null; userId: string };
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/** A profile as the API sends it (src/contract/users.ts userSchema). */
export const toWireUser = (profile: Profile): User => ({
  _id: profile.id,
  email: profile.email,
  name: profile.name,
  role: profile.role,
  isActive: profile.isActive,
  lastLogin: profile.lastLogin ? profile.lastLogin.toISOString() : null,
  createdAt: profile.createdAt.toISOString(),
});

/** Makes request text a literal ILIKE pattern: `\`, `%` and `_` lose their meaning. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const identityCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const INPUT_REJECTIONS = new Set([
  'auth/invalid-password',
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
  'auth/invalid-email',
  'auth/invalid-display-name',
]);

const conflict = (message: string) => new ApiHttpError(409, ERROR_CODES.conflict, message);
const notFound = () => new ApiHttpError(404, ERROR_CODES.notFound, USER_MESSAGES.notFound);

/**
 * A firebase-admin failure as the client's error: an existing email is 409 EMAIL_EXISTS, the
 * provider's input rules (spec 5: passed through) are 400 with its message, anything else is
 * the provider being unavailable (503; the details go to the log).
 */
const identityFailure = (error: unknown, context: UsersContext): ApiHttpError => {
  const code = identityCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'auth/email-already-exists') return new ApiHttpError(409, USER_ERROR_CODES.emailExists, USER_MESSAGES.emailExists);
  if (code && INPUT_REJECTIONS.has(code)) return new ApiHttpError(400, ERROR_CODES.validation, message);
  if (code === 'auth/user-not-found') return conflict(USER_MESSAGES.noIdentityAccount);
  context.log?.error({ event: 'identity.failed', code, err: error }, 'identity provider call failed');
  return new ApiHttpError(503, ERROR_CODES.authUnavailable, USER_MESSAGES.identityUnavailable);
};

/** What a mutation does to the profile; `deleted` is the soft delete. */
interface ProfileChange {
  name?: string;
  role?: Role;
  isActive?: boolean;
  deleted?: boolean;
}

const isActiveAdmin = (profile: Pick<Profile, 'role' | 'isActive' | 'deletedAt'>) =>
  profile.role === 'admin' && profile.isActive && !profile.deletedAt;

const activeAdminsWhere = () => and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt));

/**
 * The rules of spec 6 / SECURITY.md: an admin cannot disable, delete or demote themself, and
 * the last active admin cannot be disabled, deleted or demoted (409 with the banner's message).
 * `activeAdminIds` are the ids of every active, non-deleted admin.
 */
const checkRules = (actor: UsersContext['actor'], target: Profile, change: ProfileChange, activeAdminIds: string[]) => {
  if (target.id === actor.userId) {
    if (change.deleted) throw conflict(USER_MESSAGES.selfDelete);
    if (change.isActive === false) throw conflict(USER_MESSAGES.selfDisable);
    if (change.role === 'user' && target.role === 'admin') throw conflict(USER_MESSAGES.selfDemote);
  }
  const losesAdmin = isActiveAdmin(target) && (change.deleted || change.isActive === false || change.role === 'user');
  if (losesAdmin && activeAdminIds.filter((id) => id !== target.id).length === 0) throw conflict(USER_MESSAGES.lastAdmin);
};

const findLiveProfile = async (db: Database | Transaction, id: string, lock = false): Promise<Profile | undefined> => {
  const query = db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
  const [profile] = lock ? await query.for('update') : await query;
  return profile;
};

/** The users service (spec 7 /api/admin/users): plain async functions over the database and the identity provider. */
export const createUsersService = ({ db, identity }: { db: Database; identity: Identity }) => {
  const activeAdminIds = async (executor: Database | Transaction, lock: boolean) => {
    const query = executor.select({ id: users.id }).from(users).where(activeAdminsWhere());
    return (lock ? await query.for('update') : await query).map((row) => row.id);
  };

  /**
   * Applies `identityChanges` to the account (ignoring an account that no longer exists: the
   * profile change still stands), revoking its refresh tokens when `revoke`.
   */
  const applyToIdentity = async (context: UsersContext, uid: string, identityChanges: UpdateIdentityUser, revoke: boolean) => {
    try {
      if (Object.keys(identityChanges).length > 0) await identity.updateUser(uid, identityChanges);
      if (revoke) await identity.revokeRefreshTokens(uid);
    } catch (error) {
      if (identityCode(error) === 'auth/user-not-found') {
        context.log?.warn({ event: 'identity.missingAccount', uid }, 'profile has no identity account');
        return;
      }
      throw identityFailure(error, context);
    }
  };

  /**
   * Update, toggle and delete. Order (SECURITY.md: no network call inside a transaction):
   *   1. read the target and check the rules without locks, so a refused change never
   *      touches the identity provider;
   *   2. apply the reversible part to the identity account first (the disabled flag, the
   *      display name): idempotent calls, and a disabled account is refused at once by
   *      verifyIdToken(token, checkRevoked = true);
   *   3. one transaction re-reads the target and the active admins FOR UPDATE, checks the
   *      rules again (two concurrent demotions or disables cannot both pass), writes the
   *      profile and its audit row;
   *   4. if step 3 fails (a lost race, the database), the identity account is put back as it
   *      was (compensation), so the database never claims a change the provider does not
   *      have and vice versa;
   *   5. after the commit only, the irreversible part: revoking the refresh tokens of a
   *      disabled account (if that fails, the account is still disabled; it is logged).
   * Firebase before the transaction rather than after the commit: if the identity call fails,
   * nothing was written; if the database fails, step 4 restores the account.
   */
  const changeProfile = async (
    context: UsersContext,
    id: string,
    decide: (current: Profile) => ProfileChange,
    action: 'user.update' | 'user.toggle' | 'user.delete',
  ): Promise<Profile> => {
    const current = await findLiveProfile(db, id);
    if (!current) throw notFound();
    const change = decide(current);
    checkRules(context.actor, current, change, await activeAdminIds(db, false));

    const nextActive = change.deleted ? false : (change.isActive ?? current.isActive);
    const identityChanges: UpdateIdentityUser = {};
    if (change.isActive !== undefined || change.deleted) identityChanges.disabled = !nextActive;
    if (change.name !== undefined && change.name !== current.name) identityChanges.displayName = change.name;
    const revoke = !nextActive && current.isActive;
    await applyToIdentity(context, current.uid, identityChanges, false);

    let saved: Profile;
    try {
      saved = await db.transaction(async (tx) => {
        const admins = await activeAdminIds(tx, true);
        const target = await findLiveProfile(tx, id, true);
        if (!target) throw notFound();
        checkRules(context.actor, target, change, admins);
        const before = { name: target.name, role: target.role, isActive: target.isActive };
        const after = { name: change.name ?? target.name, role: change.role ?? target.role, isActive: nextActive };
        const changes: AuditChanges = diffFields(before, after);
        const deletedAt = change.deleted ? new Date() : null;
        if (deletedAt) changes.deletedAt = { from: null, to: deletedAt.toISOString() };
        if (Object.keys(changes).length === 0) return target;
        const [updated] = await tx
          .update(users)
          .set({ ...after, updatedAt: new Date(), ...(deletedAt ? { deletedAt } : {}) })
          .where(eq(users.id, target.id))
          .returning();
        await recordAudit(tx, { actor: context.actor, action, targetType: 'user', targetId: target.id, changes });
        return updated;
      });
    } catch (error) {
      const restore: UpdateIdentityUser = {};
      if (identityChanges.disabled !== undefined) restore.disabled = !current.isActive;
      if (identityChanges.displayName !== undefined && current.name) restore.displayName = current.name;
      if (Object.keys(restore).length > 0) {
        await identity.updateUser(current.uid, restore).catch((restoreError: unknown) => {
          context.log?.error({ event: 'identity.compensationFailed', uid: current.uid, err: restoreError }, 'could not restore the identity account');
        });
      }
      throw error;
    }
    if (revoke) {
      await applyToIdentity(context, current.uid, {}, true).catch((error: unknown) => {
        context.log?.error({ event: 'identity.revokeFailed', uid: current.uid, err: error }, 'could not revoke the refresh tokens of a disabled account');
      });
    }
    return saved;
  };

  return {
    /** Live (non-deleted) profiles, newest first, filtered and paged on the server. */
    list: async (query: UserListQuery): Promise<UserListResponse['data']> => {
      const conditions: SQL[] = [isNull(users.deletedAt)];
      const search = query.search?.trim();
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern))!);
      }
      if (query.role) conditions.push(eq(users.role, query.role));
      if (query.isActive !== undefined) conditions.push(eq(users.isActive, query.isActive));
      const where = and(...conditions);
      const [{ total }] = await db.select({ total: count() }).from(users).where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        users: rows.map(toWireUser),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      };
    },

    /**
     * The identity account first (outside any transaction), then the profile and its audit row
     * in one transaction; if that fails, the new account is deleted again (compensation).
     */
    create: async (context: UsersContext, input: CreateUser): Promise<User> => {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`)
        .limit(1);
      if (taken) throw new ApiHttpError(409, USER_ERROR_CODES.emailExists, USER_MESSAGES.emailExists);

      let account;
      try {
        account = await identity.createUser({ email: input.email, password: input.password, displayName: input.name, disabled: false });
      } catch (error) {
        throw identityFailure(error, context);
      }
      try {
        const profile = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ uid: account.uid, email: account.email ?? input.email, name: input.name, role: input.role, isActive: true })
            .returning();
          const changes = diffFields({ email: null, name: null, role: null, isActive: null }, {
            email: created.email,
            name: created.name,
            role: created.role,
            isActive: created.isActive,
          });
          await recordAudit(tx, { actor: context.actor, action: 'user.create', targetType: 'user', targetId: created.id, changes });
          return created;
        });
        return toWireUser(profile);
      } catch (error) {
        await identity.deleteUser(account.uid).catch((deleteError: unknown) => {
          context.log?.error({ event: 'identity.compensationFailed', uid: account.uid, err: deleteError }, 'could not delete the new identity account');
        });
        throw error;
      }
    },

    /** PUT: name, role and the active flag (a disable also revokes the account's sessions). */
    update: async (context: UsersContext, id: string, input: UpdateUser): Promise<User> =>
      toWireUser(await changeProfile(context, id, () => ({ name: input.name, role: input.role, isActive: input.isActive }), 'user.update')),

    /** Flips the active flag (spec 4: the switch). */
    toggle: async (context: UsersContext, id: string): Promise<User> =>
      toWireUser(await changeProfile(context, id, (current) => ({ isActive: !current.isActive }), 'user.toggle')),

    /** Soft delete (spec 4): the account is disabled and its sessions revoked, the profile marked deleted. */
    remove: async (context: UsersContext, id: string): Promise<void> => {
      await changeProfile(context, id, () => ({ deleted: true }), 'user.delete');
    },

    /**
     * Sets the password in the identity provider and revokes the refresh tokens, so every
     * existing session ends; the audit row says that it happened, never the password.
     */
    resetPassword: async (context: UsersContext, id: string, newPassword: string): Promise<void> => {
      const target = await findLiveProfile(db, id);
      if (!target) throw notFound();
      try {
        await identity.updateUser(target.uid, { password: newPassword });
        await identity.revokeRefreshTokens(target.uid);
      } catch (error) {
        throw identityFailure(error, context);
      }
      await db.transaction(async (tx) => {
        await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, target.id));
        await recordAudit(tx, {
          actor: context.actor,
          action: 'user.resetPassword',
          targetType: 'user',
          targetId: target.id,
          changes: { password: { from: '[redacted]', to: '[redacted]' } },
        });
      });
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
