import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, users } from '../../server/db/schema';
import { userResponseSchema } from '../../src/contract/users';
import type { TestApp } from './apiApp';
import { bearer, uniqueEmail } from './identity';

/** The password of the accounts the admin users tests create. */
export const PASSWORD = 'Start-pass-1';

/**
 * The calls the admin users lifecycle tests make, as the admin of the describe block's test app
 * (`current` reads them, as its beforeAll set them).
 */
export const adminUsersCalls = (current: () => { t: TestApp; headers: Record<string, string> }) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = current().headers) =>
    current().t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const body = { email: uniqueEmail('created'), password: PASSWORD, name: 'Created User', role: 'user', ...overrides };
    const response = await call('POST', '/api/admin/users', body);
    expect(response.statusCode, response.body).toBe(201);
    return {
      ...(body as { email: string; password: string; name: string; role: 'admin' | 'user' }),
      user: userResponseSchema.parse(response.json()).data,
    };
  };
  const auditOf = (targetId: string) =>
    current()
      .t.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, targetId)))
      .orderBy(asc(auditLog.id));
  /** An API call as the created account (an admin, so 200 means "its token is accepted"). */
  const asAccount = (token: string) => call('GET', '/api/admin/users?limit=1', undefined, bearer(token));
  const profileOf = async (id: string) => (await current().t.db.select().from(users).where(eq(users.id, id)))[0];
  /** The revocation stamp is set, at or after `before` (taken just before the call). */
  const expectStampedSince = async (id: string, before: Date) => {
    const { sessionsRevokedAt } = await profileOf(id);
    expect(sessionsRevokedAt).toBeInstanceOf(Date);
    expect(sessionsRevokedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  };
  return { call, create, auditOf, asAccount, profileOf, expectStampedSince };
};
