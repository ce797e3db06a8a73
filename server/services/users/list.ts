import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserListResponse } from '../../../src/contract/users';
import { containsPattern } from '../../db/like';
import { users } from '../../db/schema';
import type { Identity } from '../identity';
import { toWireUser, verifiedFlag, type UsersContext, type UsersStores } from './model';

/** One identity call (a page holds at most the provider's batch of 100); an unreachable provider leaves flags null. */
const verifiedByUid = async (identity: Identity, uids: string[], log: UsersContext['log']): Promise<Map<string, boolean | null>> => {
  if (uids.length === 0) return new Map();
  try {
    const accounts = await identity.getUsers(uids);
    return new Map(accounts.map((account) => [account.uid, verifiedFlag(account.emailVerified)]));
  } catch (error) {
    log?.warn({ event: 'identity.lookupFailed', err: error }, 'could not read the verified flags of a users page');
    return new Map();
  }
};

export const listUsers = async (
  { db, identity }: UsersStores,
  query: UserListQuery,
  log?: UsersContext['log'],
): Promise<UserListResponse['data']> => {
  const conditions: SQL[] = [query.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt)];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
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
    .orderBy(...(query.deleted ? [desc(users.deletedAt)] : []), desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const verified = await verifiedByUid(
    identity,
    rows.map((row) => row.uid),
    log,
  );
  return {
    users: rows.map((row) => toWireUser(row, verified.get(row.uid) ?? null)),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
};
