import { eq } from 'drizzle-orm';
import { LIMITS, withoutLoneSurrogates } from '../../src/contract/common';
import { userEmailSchema } from '../../src/contract/users';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { recordAudit, type AuditActor } from './audit';
import type { Identity, IdentityUser } from './identity';
import { isActiveAdmin } from './users/rules';

export const SYSTEM_ACTORS = {
  adminUids: { uid: 'system:ADMIN_UIDS', email: null },
  cli: { uid: 'system:admin-grant', email: null },
} as const satisfies Record<string, AuditActor>;

export type GrantOutcome = 'granted' | 'already-admin';

export class GrantError extends Error {}

/** docs/security.md: provider fields are made safe like API input. */
export const safeDisplayName = (name: string | null): string => {
  const clean = withoutLoneSurrogates(name ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  // Cut at the cap (UTF-16 units, as the API's schema counts), never inside a surrogate pair.
  return withoutLoneSurrogates(clean.slice(0, LIMITS.name)).trim();
};

/** An account already an active admin is left alone, so the start-up grant is idempotent. */
export const grantAdmin = async (db: Database, account: IdentityUser, actor: AuditActor): Promise<GrantOutcome> => {
  const email = userEmailSchema.safeParse(account.email ?? '');
  if (!email.success) {
    throw new GrantError(
      `The account ${account.uid} has no valid email address (${JSON.stringify(account.email)}); give it one in Firebase first.`,
    );
  }
  const name = safeDisplayName(account.displayName);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.uid, account.uid)).for('update');
    if (current && isActiveAdmin(current)) return 'already-admin';
    const values = { role: 'admin' as const, isActive: true, deletedAt: null, origin: 'config' as const, updatedAt: new Date() };
    const [saved] = current
      ? await tx.update(users).set(values).where(eq(users.id, current.id)).returning()
      : await tx
          .insert(users)
          .values({ uid: account.uid, email: email.data, name, ...values })
          .returning();
    await recordAudit(tx, {
      actor,
      action: 'user.grantAdmin',
      targetType: 'user',
      targetId: saved.id,
      changes: {
        role: { from: current?.role ?? null, to: 'admin' },
        isActive: { from: current?.isActive ?? null, to: true },
        ...(current?.deletedAt ? { deletedAt: { from: current.deletedAt.toISOString(), to: null } } : {}),
        ...(current ? {} : { email: { from: null, to: email.data } }),
      },
    });
    return 'granted';
  });
};

/** A uid with no account is reported and skipped, so one typo does not keep the other admins out. */
export const grantConfiguredAdmins = async (
  { db, identity, log }: { db: Database; identity: Identity; log: (line: string) => void },
  uids: string[],
): Promise<void> => {
  const accounts = await identity.getUsers(uids);
  for (const uid of uids) {
    const account = accounts.find((candidate) => candidate.uid === uid);
    if (!account) {
      log(`ADMIN_UIDS: no account with uid ${uid} in this Firebase project; sign it up, then restart to make it an admin.`);
      continue;
    }
    const outcome = await grantAdmin(db, account, SYSTEM_ACTORS.adminUids);
    if (outcome === 'granted') log(`ADMIN_UIDS: ${account.email} (${uid}) is now an admin.`);
  }
};

/** Anyone can sign up with any address: an unverified email is refused unless the portal made the profile or `allowUnverified`. */
export const grantAdminByEmail = async (
  { db, identity }: { db: Database; identity: Identity },
  email: string,
  { allowUnverified = false }: { allowUnverified?: boolean } = {},
): Promise<{ outcome: GrantOutcome; account: IdentityUser }> => {
  const account = await identity.getUserByEmail(email);
  if (!account)
    throw new GrantError(
      `No account uses ${email} in this Firebase project. The person signs up (or you add them in the Firebase console) first.`,
    );
  if (!account.emailVerified && !allowUnverified) {
    const [profile] = await db.select({ origin: users.origin }).from(users).where(eq(users.uid, account.uid));
    if (!profile || profile.origin === 'signup') {
      throw new GrantError(
        `The account ${account.uid} holds ${email} but has not verified it, and anyone can sign up with any address. ` +
          'Ask its owner to verify the email, or confirm the uid with them and run again with --allow-unverified.',
      );
    }
  }
  return { outcome: await grantAdmin(db, account, SYSTEM_ACTORS.cli), account };
};
