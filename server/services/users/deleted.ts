import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { USER_MESSAGES, type User } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit';
import type { IdentityUser } from '../identity';
import { conflict, identityCode, identityFailure, notFound } from './errors';
import { toWireUser, verifiedFlag, type Profile, type UsersContext, type UsersStores } from './model';

const findDeletedProfile = async (db: Database, id: string): Promise<Profile> => {
  const [profile] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!profile) throw notFound();
  if (!profile.deletedAt) throw conflict(USER_MESSAGES.notDeleted);
  return profile;
};

/** Made again under the same uid when gone, with an unguessable password for the admin to reset. */
const enableAccount = async ({ identity }: UsersStores, context: UsersContext, profile: Profile): Promise<IdentityUser> => {
  try {
    return await identity.updateUser(profile.uid, { disabled: false });
  } catch (error) {
    if (identityCode(error) !== 'auth/user-not-found') throw identityFailure(error, context);
  }
  try {
    const password = randomBytes(24).toString('base64url');
    return await identity.createUser({ uid: profile.uid, email: profile.email, password, displayName: profile.name, disabled: false });
  } catch (error) {
    throw identityFailure(error, context);
  }
};

/** docs/api.md "Deleted users": the account first, then the profile; if that fails, the account is disabled again. */
export const restoreUser = async (stores: UsersStores, context: UsersContext, id: string): Promise<User> => {
  const { db, identity } = stores;
  const profile = await findDeletedProfile(db, id);
  if (profile.emailReleasedAt) throw conflict(USER_MESSAGES.emailFreed);
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${profile.email})`, isNull(users.deletedAt), ne(users.id, profile.id)))
    .limit(1);
  if (holder) throw conflict(USER_MESSAGES.emailTaken);
  const account = await enableAccount(stores, context, profile);
  try {
    const restored = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ deletedAt: null, isActive: true, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(and(eq(users.id, profile.id), isNotNull(users.deletedAt), isNull(users.emailReleasedAt)))
        .returning();
      if (!row) throw conflict(USER_MESSAGES.notDeleted);
      await recordAudit(tx, {
        actor: context.actor,
        action: 'user.restore',
        targetType: 'user',
        targetId: row.id,
        changes: {
          deletedAt: { from: profile.deletedAt?.toISOString() ?? null, to: null },
          isActive: { from: profile.isActive, to: true },
        },
      });
      return row;
    });
    return toWireUser(restored, verifiedFlag(account.emailVerified));
  } catch (error) {
    await identity.updateUser(profile.uid, { disabled: true }).catch((restoreError: unknown) => {
      context.log?.error(
        { event: 'identity.compensationFailed', uid: profile.uid, err: restoreError },
        'could not disable the account again',
      );
    });
    throw error;
  }
};

/** docs/api.md "Deleted users": the provider holds the email while the account exists. */
export const freeEmail = async (stores: UsersStores, context: UsersContext, id: string): Promise<User> => {
  const { db, identity } = stores;
  const profile = await findDeletedProfile(db, id);
  if (profile.emailReleasedAt) return toWireUser(profile, null);
  try {
    await identity.deleteUser(profile.uid);
  } catch (error) {
    if (identityCode(error) !== 'auth/user-not-found') throw identityFailure(error, context);
  }
  const freed = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ emailReleasedAt: now, updatedAt: now, version: sql`${users.version} + 1` })
      .where(and(eq(users.id, profile.id), isNotNull(users.deletedAt), isNull(users.emailReleasedAt)))
      .returning();
    if (!row) return (await tx.select().from(users).where(eq(users.id, profile.id)))[0];
    await recordAudit(tx, {
      actor: context.actor,
      action: 'user.freeEmail',
      targetType: 'user',
      targetId: row.id,
      changes: { emailFreed: { from: null, to: profile.email } },
    });
    return row;
  });
  if (!freed.emailReleasedAt) throw conflict(USER_MESSAGES.notDeleted);
  return toWireUser(freed, null);
};
