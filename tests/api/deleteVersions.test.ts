import { count, eq } from 'drizzle-orm';
import { auditLog, dictionaryItems, landmines, users } from '../../server/db/schema';
import { VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { uniqueEmail } from '../support/identity';

/**
 * A delete carries the version the admin saw (`?version=`, docs/api.md "Versions"): one over a
 * newer version is refused with the saves' 409 and deletes nothing; without a version it works
 * as the spec's call always did.
 */
describe.each(DB_KINDS)('versions: a delete after another admin saved (%s)', (kind) => {
  let t: TestApp;
  let first: Record<string, string>;
  let second: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    first = (await t.createAdmin()).headers;
    second = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const call = (headers: Record<string, string>, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const expectConflict = (response: { statusCode: number; json(): unknown }, message: string) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'VERSION_CONFLICT', message });
  };

  it('objections: an original and its variations stay when the delete names an older version', async () => {
    const original = (
      await call(first, 'POST', '/api/dictionary/objections', { question: 'Too pricey?', answer: 'It pays back.', isOriginal: true })
    ).json().data;
    const variation = (
      await call(first, 'POST', `/api/dictionary/objections/${original._id}/variations`, { question: 'Costs too much?' })
    ).json().data;
    const edited = await call(second, 'PUT', `/api/dictionary/objections/${original._id}`, {
      question: 'Too pricey?',
      answer: 'Worth it.',
      version: 1,
    });
    expect(edited.json().data.version).toBe(2);

    const audits = await auditCount();
    expectConflict(
      await call(first, 'DELETE', `/api/dictionary/objections/${original._id}?version=1`),
      VERSION_CONFLICT_MESSAGES.objection,
    );
    const rows = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, original._id));
    expect(rows).toMatchObject([{ answer: 'Worth it.', version: 2 }]);
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, variation._id))).toHaveLength(1);
    expect(await auditCount()).toBe(audits);

    const deleted = await call(first, 'DELETE', `/api/dictionary/objections/${original._id}?version=2`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.parentId, original._id))).toEqual([]);
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, original._id))).toEqual([]);
    expect(await auditCount()).toBe(audits + 1);
  });

  it('FAQs: a variation is deleted at its own version, and without one as before', async () => {
    const original = (
      await call(first, 'POST', '/api/dictionary/faqs', { question: 'Do you integrate?', answer: 'Yes.', isOriginal: true })
    ).json().data;
    const variation = (
      await call(first, 'POST', `/api/dictionary/faqs/${original._id}/variations`, { question: 'Any integrations?' })
    ).json().data;
    const edited = await call(second, 'PUT', `/api/dictionary/faqs/${variation._id}`, {
      question: 'Which integrations?',
      answer: 'Yes.',
      category: 'Variation',
      isOriginal: false,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const audits = await auditCount();
    expectConflict(await call(first, 'DELETE', `/api/dictionary/faqs/${variation._id}?version=1`), VERSION_CONFLICT_MESSAGES.faq);
    expect(await auditCount()).toBe(audits);
    expect((await call(first, 'DELETE', `/api/dictionary/faqs/${variation._id}?version=2`)).statusCode).toBe(200);
    // The spec's request, without a version.
    expect((await call(first, 'DELETE', `/api/dictionary/faqs/${original._id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, original._id))).toEqual([]);
    expect(await auditCount()).toBe(audits + 2);
  });

  it('landmines: a delete over a toggle is refused; at the version shown it goes', async () => {
    const landmine = (await call(first, 'POST', '/api/landmines', { trigger: 'guarantee', category: 'Legal' })).json().landmine;
    const toggled = await t.app.inject({ method: 'PATCH', url: `/api/landmines/${landmine._id}/toggle-status`, headers: second });
    expect(toggled.json().landmine.version).toBe(2);

    const audits = await auditCount();
    expectConflict(await call(first, 'DELETE', `/api/landmines/${landmine._id}?version=1`), VERSION_CONFLICT_MESSAGES.landmine);
    expect(await t.db.select().from(landmines).where(eq(landmines.id, landmine._id))).toMatchObject([{ isActive: false, version: 2 }]);
    expect(await auditCount()).toBe(audits);

    expect((await call(first, 'DELETE', `/api/landmines/${landmine._id}?version=2`)).statusCode).toBe(200);
    expect(await t.db.select().from(landmines).where(eq(landmines.id, landmine._id))).toEqual([]);
    expect(await auditCount()).toBe(audits + 1);
  });

  it('users: a delete over a newer version leaves the profile and the identity account as they are', async () => {
    const email = uniqueEmail('delete-versioned');
    const user = (await call(first, 'POST', '/api/admin/users', { email, password: 'Start-pass-1', name: 'Ada', role: 'user' })).json()
      .data;
    await call(second, 'PUT', `/api/admin/users/${user._id}`, { name: 'Ada B', role: 'user', isActive: true, version: 1 });

    const audits = await auditCount();
    expectConflict(await call(first, 'DELETE', `/api/admin/users/${user._id}?version=1`), VERSION_CONFLICT_MESSAGES.user);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ name: 'Ada B', isActive: true, deletedAt: null, version: 2 });
    expect(await t.identity.getUserByEmail(email)).toMatchObject({ disabled: false });
    expect(await auditCount()).toBe(audits);

    expect((await call(first, 'DELETE', `/api/admin/users/${user._id}?version=2`)).statusCode).toBe(200);
    const [deleted] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    expect(await t.identity.getUserByEmail(email)).toMatchObject({ disabled: true });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('refuses a version that is not a whole number with 400', async () => {
    const landmine = (await call(first, 'POST', '/api/landmines', { trigger: 'refund', category: 'Legal' })).json().landmine;
    const response = await call(first, 'DELETE', `/api/landmines/${landmine._id}?version=one`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(await t.db.select().from(landmines).where(eq(landmines.id, landmine._id))).toHaveLength(1);
  });
});
