import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type AuditChanges } from '../../db/schema';
import { diffFields, recordAudit } from '../audit';
import type { Identity, IdentityUser, UpdateIdentityUser } from '../identity';
import { checkVersion, versionConflict } from '../versions';
import { identityCode, identityFailure, notFound } from './errors';
import { verifiedFlag, type Profile, type UsersContext, type UsersStores } from './model';
import { activeAdminIds, checkRules, findLiveProfile, promotesSignup, type ProfileChange } from './rules';

export type ProfileAction = 'user.update' | 'user.toggle' | 'user.delete';

export interface ChangedProfile {
  profile: Profile;
  emailVerified: boolean | null;
}

/** A demoted admin's open sessions must not outlive their rights. */
const endsSessions = (target: Profile, nextActive: boolean, change: ProfileChange) =>
  (target.isActive && !nextActive) || (target.role === 'admin' && change.role === 'user');

/** An account that no longer exists is ignored: the profile change still stands. */
const applyToIdentity = async (
  identity: Identity,
  context: UsersContext,
  uid: string,
  identityChanges: UpdateIdentityUser,
  revoke: boolean,
): Promise<IdentityUser | null> => {
  try {
    const updated = Object.keys(identityChanges).length > 0 ? await identity.updateUser(uid, identityChanges) : null;
    if (revoke) await identity.revokeRefreshTokens(uid);
    return updated;
  } catch (error) {
    if (identityCode(error) === 'auth/user-not-found') {
      context.log?.warn({ event: 'identity.missingAccount', uid }, 'profile has no identity account');
      return null;
    }
    throw identityFailure(error, context);
  }
};

const accountForRules = async (identity: Identity, context: UsersContext, uid: string): Promise<IdentityUser | null> => {
  try {
    return await identity.getUser(uid);
  } catch (error) {
    throw identityFailure(error, context);
  }
};

const verifiedForResponse = async (identity: Identity, context: UsersContext, uid: string): Promise<boolean | null> => {
  try {
    return verifiedFlag((await identity.getUser(uid))?.emailVerified);
  } catch (error) {
    context.log?.warn({ event: 'identity.lookupFailed', uid, err: error }, 'could not read the verified flag');
    return null;
  }
};

/**
 * After the provider's revocation returned: it compares whole seconds, and the auth hook refuses tokens issued in or
 * before the stamp's second. Written even when the provider's call failed: the stamp alone ends the sessions here.
 */
const stampRevocation = async (db: Database, context: UsersContext, profile: Profile) => {
  try {
    await db.update(users).set({ sessionsRevokedAt: new Date() }).where(eq(users.id, profile.id));
  } catch (error) {
    context.log?.error({ event: 'users.revocationStampFailed', uid: profile.uid, err: error }, 'could not record the revocation');
  }
};

/**
 * docs/security.md, no network call inside a transaction: check the rules unlocked (a refused change never touches
 * the provider); apply the reversible part to the identity account; one transaction re-checks on locked rows and
 * writes the profile and audit row, and if it fails the account is put back; only after the commit, revoke the tokens
 * and stamp the revocation.
 */
export const changeProfile = async (
  { db, identity }: UsersStores,
  context: UsersContext,
  id: string,
  decide: (current: Profile) => ProfileChange,
  action: ProfileAction,
  expectedVersion?: number,
): Promise<ChangedProfile> => {
  const current = await findLiveProfile(db, id);
  if (!current) throw notFound();
  // Before the identity provider is touched, and again on the locked row below.
  checkVersion(expectedVersion, current.version, 'user');
  const change = decide(current);
  const account = promotesSignup(current, change) ? await accountForRules(identity, context, current.uid) : undefined;
  const emailVerified = verifiedFlag(account?.emailVerified);
  checkRules(context.actor, current, change, await activeAdminIds(db, false), emailVerified);

  const nextActive = change.deleted ? false : (change.isActive ?? current.isActive);
  const identityChanges: UpdateIdentityUser = {};
  if (change.isActive !== undefined || change.deleted) identityChanges.disabled = !nextActive;
  if (change.name !== undefined && change.name !== current.name) identityChanges.displayName = change.name;
  const updatedAccount = await applyToIdentity(identity, context, current.uid, identityChanges, false);

  let saved: Profile;
  let revoke: boolean;
  try {
    ({ saved, revoke } = await db.transaction(async (tx) => {
      const admins = await activeAdminIds(tx, true);
      const target = await findLiveProfile(tx, id, true);
      if (!target) throw notFound();
      checkVersion(expectedVersion, target.version, 'user');
      checkRules(context.actor, target, change, admins, emailVerified);
      const before = { name: target.name, role: target.role, isActive: target.isActive };
      const after = { name: change.name ?? target.name, role: change.role ?? target.role, isActive: nextActive };
      const changes: AuditChanges = diffFields(before, after);
      const deletedAt = change.deleted ? new Date() : null;
      if (deletedAt) changes.deletedAt = { from: null, to: deletedAt.toISOString() };
      if (Object.keys(changes).length === 0) return { saved: target, revoke: false };
      const [updated] = await tx
        .update(users)
        .set({ ...after, updatedAt: new Date(), version: target.version + 1, ...(deletedAt ? { deletedAt } : {}) })
        .where(and(eq(users.id, target.id), eq(users.version, target.version)))
        .returning();
      if (!updated) throw versionConflict('user');
      await recordAudit(tx, { actor: context.actor, action, targetType: 'user', targetId: target.id, changes });
      return { saved: updated, revoke: endsSessions(target, nextActive, change) };
    }));
  } catch (error) {
    const restore: UpdateIdentityUser = {};
    if (identityChanges.disabled !== undefined) restore.disabled = !current.isActive;
    if (identityChanges.displayName !== undefined && current.name) restore.displayName = current.name;
    if (Object.keys(restore).length > 0) {
      await identity.updateUser(current.uid, restore).catch((restoreError: unknown) => {
        context.log?.error(
          { event: 'identity.compensationFailed', uid: current.uid, err: restoreError },
          'could not restore the identity account',
        );
      });
    }
    throw error;
  }
  if (revoke) {
    await applyToIdentity(identity, context, current.uid, {}, true).catch((error: unknown) => {
      context.log?.error({ event: 'identity.revokeFailed', uid: current.uid, err: error }, 'could not revoke the refresh tokens');
    });
    await stampRevocation(db, context, saved);
  }
  const known = updatedAccount ?? account;
  return {
    profile: saved,
    emailVerified: known ? verifiedFlag(known.emailVerified) : await verifiedForResponse(identity, context, current.uid),
  };
};
