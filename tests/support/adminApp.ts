import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type DbKind, type TestApp, testApp } from './apiApp';

export interface AdminApp {
  t: TestApp;
  headers: Record<string, string>;
  adminUid: string;
}

/**
 * The describe block's test app on `kind` with one signed-in admin, opened (then `prepare`d) before its tests
 * and closed after them. Its fields are set by beforeAll, so read them inside tests, never at collection.
 */
export const adminTestApp = (kind: DbKind, prepare?: (t: TestApp) => Promise<unknown>): AdminApp => {
  const current = {} as AdminApp;
  beforeAll(async () => {
    current.t = await testApp(kind);
    const admin = await current.t.createAdmin();
    current.headers = admin.headers;
    current.adminUid = admin.uid;
    await prepare?.(current.t);
  });
  afterAll(() => current.t?.close());
  return current;
};

/** Raw rows of a query, on either database. */
export const rowsOf = async <T>(t: TestApp, query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
