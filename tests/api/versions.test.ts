import { count, eq } from 'drizzle-orm';
import { auditLog, dictionaryItems, landmines, users } from '../../server/db/schema';
import { VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { uniqueEmail } from '../support/identity';

/**
 * Every edit carries the version it started from; a save over a newer version
 * is refused with 409 VERSION_CONFLICT and changes nothing; a save without a version works as
 * the spec's calls always did. Two admins edit the same record.
 */
describe.each(DB_KINDS)('versions: two admins editing the same record (%s)', (kind) => {
  let t: TestApp;
  let first: Record<string, string>;
  let second: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    first = (await t.createAdmin()).headers;
    second = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const expectConflict = (response: { statusCode: number; json(): unknown }, message: string) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'VERSION_CONFLICT', message });
  };

  it('speech-rate settings: version 0 before the first save, then refused over a newer version', async () => {
    const opened = (await call(first, 'GET', '/api/speech-rate')).json().data;
    expect(opened).toEqual({ enabled: true, time_window: 30, max_words: 150, version: 0 });

    const saved = await call(second, 'PUT', '/api/speech-rate', { enabled: true, time_window: 40, max_words: 160, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ enabled: true, time_window: 40, max_words: 160, version: 1 });

    const audits = await auditCount();
    const stale = await call(first, 'PUT', '/api/speech-rate', { enabled: false, time_window: 10, max_words: 20, version: 0 });
    expectConflict(stale, VERSION_CONFLICT_MESSAGES.speechRate);
    expect((await call(first, 'GET', '/api/speech-rate')).json().data).toEqual({
      enabled: true,
      time_window: 40,
      max_words: 160,
      version: 1,
    });
    expect(await auditCount()).toBe(audits);

    const fresh = await call(first, 'PUT', '/api/speech-rate', { enabled: false, time_window: 10, max_words: 20, version: 1 });
    expect(fresh.json().data).toEqual({ enabled: false, time_window: 10, max_words: 20, version: 2 });
    // Without a version (the spec's request), the save goes through as before.
    const unversioned = await call(second, 'PUT', '/api/speech-rate', { enabled: true, time_window: 30, max_words: 150 });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json().data).toEqual({ enabled: true, time_window: 30, max_words: 150, version: 3 });
  });

  it('objections: an original and a variation', async () => {
    const created = await call(first, 'POST', '/api/dictionary/objections', { question: 'Too pricey?', answer: 'Value.' });
    const original = created.json().data;
    expect(original.version).toBe(1);
    const variation = (await call(first, 'POST', `/api/dictionary/objections/${original._id}/variations`, { question: 'Costly?' })).json()
      .data;

    const saved = await call(second, 'PUT', `/api/dictionary/objections/${original._id}`, {
      question: 'Too pricey?',
      answer: 'Worth it.',
      version: 1,
    });
    expect(saved.json().data).toMatchObject({ answer: 'Worth it.', version: 2 });

    const audits = await auditCount();
    const stale = await call(first, 'PUT', `/api/dictionary/objections/${original._id}`, {
      question: 'Mine',
      answer: 'Mine',
      version: 1,
    });
    expectConflict(stale, VERSION_CONFLICT_MESSAGES.objection);
    const [row] = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, original._id));
    expect(row).toMatchObject({ question: 'Too pricey?', answer: 'Worth it.', version: 2 });
    expect(await auditCount()).toBe(audits);

    // The original's new answer reached the variation, so an edit of it that started before is refused.
    const staleVariation = await call(first, 'PUT', `/api/dictionary/objections/${variation._id}`, {
      question: 'Expensive?',
      answer: 'ignored',
      version: variation.version,
    });
    expectConflict(staleVariation, VERSION_CONFLICT_MESSAGES.objection);
    const grouped = (await call(first, 'GET', '/api/dictionary/objections/grouped?search=pricey')).json().objections[0];
    expect(grouped.variations[0]).toMatchObject({ question: 'Costly?', version: variation.version + 1 });
    const freshVariation = await call(first, 'PUT', `/api/dictionary/objections/${variation._id}`, {
      question: 'Expensive?',
      answer: 'ignored',
      version: grouped.variations[0].version,
    });
    expect(freshVariation.json().data).toMatchObject({ question: 'Expensive?', version: variation.version + 2 });

    const unversioned = await call(first, 'PUT', `/api/dictionary/objections/${original._id}`, { question: 'Q', answer: 'A' });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.json().data.version).toBe(3);
  });

  it('landmines: an edit and a toggle raise the version', async () => {
    const landmine = (await call(first, 'POST', '/api/landmines', { trigger: 'guarantee', category: 'Legal' })).json().landmine;
    expect(landmine.version).toBe(1);
    const toggled = (await call(second, 'PATCH', `/api/landmines/${landmine._id}/toggle-status`)).json().landmine;
    expect(toggled.version).toBe(2);

    const audits = await auditCount();
    const stale = await call(first, 'PUT', `/api/landmines/${landmine._id}`, { trigger: 'promise', category: 'Legal', version: 1 });
    expectConflict(stale, VERSION_CONFLICT_MESSAGES.landmine);
    const [row] = await t.db.select().from(landmines).where(eq(landmines.id, landmine._id));
    expect(row).toMatchObject({ trigger: 'guarantee', isActive: false, version: 2 });
    expect(await auditCount()).toBe(audits);

    const fresh = await call(first, 'PUT', `/api/landmines/${landmine._id}`, { trigger: 'promise', category: 'Legal', version: 2 });
    expect(fresh.json().landmine).toMatchObject({ trigger: 'promise', version: 3 });
    const unversioned = await call(second, 'PUT', `/api/landmines/${landmine._id}`, { trigger: 'pledge', category: 'Legal' });
    expect(unversioned.json().landmine).toMatchObject({ trigger: 'pledge', version: 4 });
  });

  it('users: an edit over a newer version is refused before the identity account is touched', async () => {
    const email = uniqueEmail('versioned');
    const created = await call(first, 'POST', '/api/admin/users', { email, password: 'Start-pass-1', name: 'Ada', role: 'user' });
    const user = created.json().data;
    expect(user.version).toBe(1);

    const saved = await call(second, 'PUT', `/api/admin/users/${user._id}`, { name: 'Ada B', role: 'user', isActive: true, version: 1 });
    expect(saved.json().data).toMatchObject({ name: 'Ada B', version: 2 });

    const audits = await auditCount();
    const stale = await call(first, 'PUT', `/api/admin/users/${user._id}`, { name: 'Ada C', role: 'admin', isActive: false, version: 1 });
    expectConflict(stale, VERSION_CONFLICT_MESSAGES.user);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ name: 'Ada B', role: 'user', isActive: true, version: 2 });
    expect(await t.identity.getUserByEmail(email)).toMatchObject({ displayName: 'Ada B', disabled: false });
    expect(await auditCount()).toBe(audits);

    const toggled = (await call(second, 'POST', `/api/admin/users/${user._id}/toggle`)).json().data;
    expect(toggled.version).toBe(3);
    const unversioned = await call(first, 'PUT', `/api/admin/users/${user._id}`, { name: 'Ada D', role: 'user', isActive: true });
    expect(unversioned.json().data).toMatchObject({ name: 'Ada D', isActive: true, version: 4 });
  });
});
