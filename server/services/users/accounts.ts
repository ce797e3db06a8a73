import { eq, sql } from 'drizzle-orm';
import type { CreateUser, User } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { diffFields, recordAudit } from '../audit';
import type { Identity } from '../identity';
import { emailExists, identityFailure, notFound } from './errors';
import { toWireUser, type UsersContext } from './model';
import { findLiveProfile } from './rules';

interface Stores {
  db: Database;
  identity: Identity;
}

/**
 * The identity account first (outside any transaction), then the profile and its audit row
 * in one transaction; if that fails, the new account is deleted again (compensation).
 */
export const createUser = async ({ db, identity }: Stores, context: UsersContext, input: CreateUser): Promise<User> => {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  if (taken) throw emailExists();

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
};

/**
 * Sets the password in the identity provider and revokes the refresh tokens, so every
 * existing session ends; the audit row says that it happened, never the password.
 */
export const resetPassword = async ({ db, identity }: Stores, context: UsersContext, id: string, newPassword: string): Promise<void> => {
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
};
