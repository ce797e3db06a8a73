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

/** The profile after the change, and its account's verified flag (null when not known). */
export interface ChangedProfile {
  profile: Profile;
  emailVerified: boolean | null;
}

/**
 * The change takes the account's sessions away: a disable or delete of an active profile, or
 * a demotion (the admin's open sessions must not outlive their rights).
 */
const endsSessions = (target: Profile, nextActive: boolean, change: ProfileChange) =>
  (target.isActive && !nextActive) || (target.role === 'admin' && change.role === 'user');

/**
 * Applies `identityChanges` to the account (ignoring an account that no longer exists: the
 * profile change still stands), revoking its refresh tokens when `revoke`. Resolves to the
 * updated account when there was something to update, else null.
 */
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

/** The account as the rules need it: null when it no longer exists, a 503 when the provider cannot be asked. */
const accountForRules = async (identity: Identity, context: UsersContext, uid: string): Promise<IdentityUser | null> => {
  try {
    return await identity.getUser(uid);
  } catch (error) {
    throw identityFailure(error, context);
  }
};

/** The verified flag for the response only: null when the provider cannot be asked. */
const verifiedForResponse = async (identity: Identity, context: UsersContext, uid: string): Promise<boolean | null> => {
  try {
    return verifiedFlag((await identity.getUser(uid))?.emailVerified);
  } catch (error) {
    context.log?.warn({ event: 'identity.lookupFailed', uid, err: error }, 'could not read the verified flag');
    return null;
  }
};

/**
 * Stamps the profile with the moment its sessions were revoked, AFTER the provider's
 * revocation call returned: the provider compares whole seconds, so a token issued in the
 * revocation's second passes its check, and the auth hook refuses any token issued in or
 * before the stamp's second. Written even when the provider's call failed (the stamp alone
 * then ends the sessions on this API); a failure here is logged, as the change is committed.
 */
const stampRevocation = async (db: Database, context: UsersContext, profile: Profile) => {
  try {
    await db.update(users).set({ sessionsRevokedAt: new Date() }).where(eq(users.id, profile.id));
  } catch (error) {
    context.log?.error({ event: 'users.revocationStampFailed', uid: profile.uid, err: error }, 'could not record the revocation');
  }
};

/**
 * Update, toggle and delete. Order (docs/security.md: no network call inside a transaction):
 *   1. read the target and check the rules without locks, so a refused change never
 *      touches the identity provider (promoting a self sign-up first asks the provider
 *      whether its email is verified);
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
 *      disabled, deleted or demoted account (if that fails, the account is still disabled or
 *      without rights; it is logged), then the revocation stamp on the profile.
 * Firebase before the transaction rather than after the commit: if the identity call fails,
 * nothing was written; if the database fails, step 4 restores the account.
 */
export const changeProfile = async (
  { db, identity }: UsersStores,
  context: UsersContext,
  id: string,
  decide: (current: Profile) => ProfileChange,
  action: ProfileAction,
  /** The version the edit started from (docs/api.md "Versions"); undefined: not checked. */
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
