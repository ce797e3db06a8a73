import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserListResponse } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { toWireUser } from './model';

/** Makes request text a literal ILIKE pattern: `\`, `%` and `_` lose their meaning. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Live (non-deleted) profiles, newest first, filtered and paged on the server. */
export const listUsers = async (db: Database, query: UserListQuery): Promise<UserListResponse['data']> => {
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
};
