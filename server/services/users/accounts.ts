import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CreateUser, User } from '../../../src/contract/users';
import { users, type AuditChanges } from '../../db/schema';
import { diffFields, recordAudit } from '../audit';
import type { IdentityUser } from '../identity';
import { emailExists, emailHeldByDeleted, emailHeldUnverified, identityCode, identityFailure, notFound } from './errors';
import { toWireUser, verifiedFlag, type Profile, type UsersContext, type UsersStores } from './model';
import { findLiveProfile } from './rules';

/**
 * Who holds an email, for a create: free; held by deleted profiles only (EMAIL_HELD_BY_DELETED); taken by a verified
 * account or a vouched-for profile (EMAIL_EXISTS); or replaceable: an unverified account the portal did not make,
 * and/or stale 'signup' profiles (EMAIL_HELD_UNVERIFIED unless the admin confirmed).
 */
type EmailHold =
  | { kind: 'free' }
  | { kind: 'taken' }
  | { kind: 'heldByDeleted' }
  | { kind: 'replaceable'; account: IdentityUser | null; profiles: Profile[] };

const holdOf = async ({ db, identity }: UsersStores, context: UsersContext, email: string): Promise<EmailHold> => {
  let account: IdentityUser | null;
  try {
    account = await identity.getUserByEmail(email);
  } catch (error) {
    throw identityFailure(error, context);
  }
  const sameEmail = sql`lower(${users.email}) = lower(${email})`;
  const profiles = await db
    .select()
    .from(users)
    .where(and(account ? or(sameEmail, eq(users.uid, account.uid)) : sameEmail, isNull(users.emailReleasedAt)));
  if (!account && profiles.length === 0) return { kind: 'free' };
  const vouched = profiles.filter((profile) => profile.origin !== 'signup');
  if (vouched.length > 0 && vouched.every((profile) => profile.deletedAt)) {
    return !account || vouched.some((profile) => profile.uid === account.uid) ? { kind: 'heldByDeleted' } : { kind: 'taken' };
  }
  // Only an account nobody vouched for may be replaced, never a verified address nor the acting admin's own.
  if (vouched.length > 0) return { kind: 'taken' };
  if (account && verifiedFlag(account.emailVerified) !== false) return { kind: 'taken' };
  if (account?.uid === context.actor.uid || profiles.some((profile) => profile.id === context.actor.userId)) return { kind: 'taken' };
  // A 'signup' profile of another uid is stale only when that account is gone.
  const otherUids = [...new Set(profiles.map((profile) => profile.uid).filter((uid) => uid !== account?.uid))];
  if (otherUids.length > 0) {
    let alive: IdentityUser[];
    try {
      alive = await identity.getUsers(otherUids);
    } catch (error) {
      throw identityFailure(error, context);
    }
    if (alive.length > 0) return { kind: 'taken' };
  }
  return { kind: 'replaceable', account, profiles };
};

/** One already gone is fine (a retry). */
const deleteHolder = async ({ identity }: UsersStores, context: UsersContext, account: IdentityUser) => {
  try {
    await identity.deleteUser(account.uid);
  } catch (error) {
    if (identityCode(error) !== 'auth/user-not-found') throw identityFailure(error, context);
  }
  // Logged at once: if the create fails after this, no audit row tells of the deletion.
  context.log?.warn(
    { event: 'users.unverifiedAccountDeleted', uid: account.uid, actorUid: context.actor.uid },
    'deleted an unverified self sign-up to free its email',
  );
};

/**
 * The identity account first (outside any transaction), then the profile and its audit row; if that fails, the new
 * account is deleted again. A retry after a failed replacement finds the account gone and completes it.
 */
export const createUser = async (stores: UsersStores, context: UsersContext, input: CreateUser): Promise<User> => {
  const { db, identity } = stores;
  const hold = await holdOf(stores, context, input.email);
  if (hold.kind === 'taken') throw emailExists();
  if (hold.kind === 'heldByDeleted') throw emailHeldByDeleted();
  if (hold.kind === 'replaceable') {
    if (!input.replaceUnverified) throw emailHeldUnverified();
    if (hold.account) await deleteHolder(stores, context, hold.account);
  }

  let account: IdentityUser;
  try {
    account = await identity.createUser({ email: input.email, password: input.password, displayName: input.name, disabled: false });
  } catch (error) {
    throw identityFailure(error, context);
  }
  try {
    const profile = await db.transaction(async (tx) => {
      const replaced = hold.kind === 'replaceable' ? hold : null;
      const staleIds = replaced?.profiles.filter((stale) => !stale.deletedAt).map((stale) => stale.id) ?? [];
      if (staleIds.length > 0) {
        const now = new Date();
        await tx
          .update(users)
          .set({ isActive: false, deletedAt: now, updatedAt: now })
          .where(and(inArray(users.id, staleIds), eq(users.origin, 'signup'), isNull(users.deletedAt)));
      }
      // The validated input, never what the provider echoes (docs/security.md).
      const [created] = await tx
        .insert(users)
        .values({ uid: account.uid, email: input.email, name: input.name, role: input.role, isActive: true, origin: 'portal' })
        .returning();
      const changes: AuditChanges = diffFields(
        { email: null, name: null, role: null, isActive: null },
        {
          email: created.email,
          name: created.name,
          role: created.role,
          isActive: created.isActive,
        },
      );
      if (replaced) {
        const uids = [...new Set([...(replaced.account ? [replaced.account.uid] : []), ...replaced.profiles.map((stale) => stale.uid)])];
        changes.replacedUid = { from: null, to: uids.length === 1 ? uids[0] : uids };
        if (staleIds.length > 0) changes.replacedProfileIds = { from: null, to: staleIds };
      }
      await recordAudit(tx, { actor: context.actor, action: 'user.create', targetType: 'user', targetId: created.id, changes });
      return created;
    });
    return toWireUser(profile, verifiedFlag(account.emailVerified));
  } catch (error) {
    await identity.deleteUser(account.uid).catch((deleteError: unknown) => {
      context.log?.error(
        { event: 'identity.compensationFailed', uid: account.uid, err: deleteError },
        'could not delete the new identity account',
      );
    });
    throw error;
  }
};

/** The audit row never holds the password; the revocation stamp follows the provider's revocation (changeProfile.ts). */
export const resetPassword = async (
  { db, identity }: UsersStores,
  context: UsersContext,
  id: string,
  newPassword: string,
): Promise<void> => {
  const target = await findLiveProfile(db, id);
  if (!target) throw notFound();
  try {
    await identity.updateUser(target.uid, { password: newPassword });
    await identity.revokeRefreshTokens(target.uid);
  } catch (error) {
    throw identityFailure(error, context);
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ updatedAt: now, sessionsRevokedAt: now }).where(eq(users.id, target.id));
    await recordAudit(tx, {
      actor: context.actor,
      action: 'user.resetPassword',
      targetType: 'user',
      targetId: target.id,
      changes: { password: { from: '[redacted]', to: '[redacted]' } },
    });
  });
};
