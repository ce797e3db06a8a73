import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type AuditChanges } from '../../db/schema';
import { diffFields, recordAudit } from '../audit';
import type { Identity, UpdateIdentityUser } from '../identity';
import { identityCode, identityFailure, notFound } from './errors';
import type { Profile, UsersContext } from './model';
import { activeAdminIds, checkRules, findLiveProfile, type ProfileChange } from './rules';

export type ProfileAction = 'user.update' | 'user.toggle' | 'user.delete';

/** The update, toggle and delete of a profile and its identity account, kept in step. */
export const createProfileChanger = ({ db, identity }: { db: Database; identity: Identity }) => {
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
  return async (
    context: UsersContext,
    id: string,
    decide: (current: Profile) => ProfileChange,
    action: ProfileAction,
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
};
