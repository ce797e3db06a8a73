import { and, count, eq, inArray } from 'drizzle-orm';
import { auditLog, dictionaryItems, landmines } from '../../server/db/schema';
import { readConfigVersion } from '../../server/services/configVersion';
import { BULK_MAX, bulkResponseSchema } from '../../src/contract/bulk';
import { landmineResponseSchema } from '../../src/contract/landmines';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';
import { bearer, signUp } from '../support/identity';

/** Bulk work: POST /api/landmines/bulk and POST /api/dictionary/{kind}/bulk-delete (docs/api.md "Bulk work"). */
describe.each(DB_KINDS)('dictionary bulk routes (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, createObjection, addVariation } = dictionaryCalls(() => ({ t, headers }));
  const post = (url: string, payload: unknown, as = headers) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: as, payload: payload as object });
  const createLandmine = async (trigger: string, isActive = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/landmines',
      headers,
      payload: { trigger, category: 'Bulk', isActive },
    });
    expect(response.statusCode, response.body).toBe(201);
    return landmineResponseSchema.parse(response.json()).landmine;
  };
  const auditOf = (action: string, ids: string[]) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), inArray(auditLog.targetId, ids)));
  const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const version = async () => (await readConfigVersion(t.db)).version;
  const missingId = '00000000-0000-4000-8000-00000000abcd';

  it('deactivates landmines in one call: one landmine.toggle audit row per changed row, the config version raised once', async () => {
    const [a, b, c] = [await createLandmine('bulk a'), await createLandmine('bulk b'), await createLandmine('bulk c', false)];
    const [before, rowsBefore] = [await version(), await auditRows()];
    const response = await post('/landmines/bulk', { action: 'deactivate', ids: [a._id, b._id, c._id, missingId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResponseSchema.parse(response.json()).data).toEqual({ changed: [a._id, b._id], unchanged: [c._id], missing: [missingId] });
    expect(await version()).toBe(before + 1);
    expect(await auditRows()).toBe(rowsBefore + 2);
    const audits = await auditOf('landmine.toggle', [a._id, b._id, c._id]);
    expect(audits.map((row) => [row.targetId, row.changes])).toEqual(
      expect.arrayContaining([
        [a._id, { isActive: { from: true, to: false } }],
        [b._id, { isActive: { from: true, to: false } }],
      ]),
    );
    expect(audits).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(landmines)
      .where(inArray(landmines.id, [a._id, b._id, c._id]));
    expect(rows.map((row) => row.isActive)).toEqual([false, false, false]);
    expect(rows.find((row) => row.id === a._id)?.version).toBe((a.version ?? 1) + 1);
  });

  it('sets the status rather than toggling: activating active landmines changes nothing and keeps the version', async () => {
    const a = await createLandmine('bulk already active');
    const [before, rowsBefore] = [await version(), await auditRows()];
    const response = await post('/landmines/bulk', { action: 'activate', ids: [a._id] });
    expect(bulkResponseSchema.parse(response.json()).data).toEqual({ changed: [], unchanged: [a._id], missing: [] });
    expect(await version()).toBe(before);
    expect(await auditRows()).toBe(rowsBefore);
  });

  it('deletes landmines with one landmine.delete audit row each', async () => {
    const [a, b] = [await createLandmine('bulk delete a'), await createLandmine('bulk delete b')];
    const before = await version();
    const response = await post('/landmines/bulk', { action: 'delete', ids: [a._id, b._id] });
    expect(bulkResponseSchema.parse(response.json()).data.changed).toEqual([a._id, b._id]);
    expect(
      await t.db
        .select()
        .from(landmines)
        .where(inArray(landmines.id, [a._id, b._id])),
    ).toEqual([]);
    expect((await auditOf('landmine.delete', [a._id, b._id])).map((row) => row.changes)).toEqual(
      expect.arrayContaining([{ trigger: { from: 'bulk delete a', to: null } }, { trigger: { from: 'bulk delete b', to: null } }]),
    );
    expect(await version()).toBe(before + 1);
  });

  it('deletes objections with their variations, one objection.delete row per item; a FAQ id is missing for objections', async () => {
    const one = await createObjection('Bulk original one');
    const two = await createObjection('Bulk original two');
    const variation = await addVariation('objections', one._id, 'Bulk original one, said otherwise');
    const faq = await call('POST', '/faqs', { question: 'Bulk FAQ', answer: 'An answer', category: 'General' });
    const faqId = faq.json().data._id as string;
    const before = await version();
    const response = await post('/dictionary/objections/bulk-delete', { ids: [one._id, variation._id, two._id, faqId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResponseSchema.parse(response.json()).data).toEqual({
      changed: [one._id, variation._id, two._id],
      unchanged: [],
      missing: [faqId],
    });
    const left = await t.db
      .select()
      .from(dictionaryItems)
      .where(inArray(dictionaryItems.id, [one._id, two._id, variation._id, faqId]));
    expect(left.map((row) => row.id)).toEqual([faqId]);
    const audits = await auditOf('objection.delete', [one._id, two._id, variation._id]);
    expect(audits.map((row) => [row.targetId, row.changes])).toEqual(
      expect.arrayContaining([
        [one._id, { question: { from: 'Bulk original one', to: null }, variations: { from: 1, to: 0 } }],
        [two._id, { question: { from: 'Bulk original two', to: null }, variations: { from: 0, to: 0 } }],
      ]),
    );
    expect(audits).toHaveLength(2);
    expect(await version()).toBe(before + 1);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const a = await createLandmine('bulk refused');
    const [before, rowsBefore] = [await version(), await auditRows()];
    const bad: [string, unknown][] = [
      ['/landmines/bulk', { action: 'deactivate', ids: [] }],
      ['/landmines/bulk', { action: 'toggle', ids: [a._id] }],
      ['/landmines/bulk', { action: 'deactivate', ids: ['not-a-uuid'] }],
      ['/landmines/bulk', { action: 'deactivate', ids: [a._id, a._id] }],
      ['/landmines/bulk', { action: 'deactivate', ids: [a._id], extra: true }],
      ['/landmines/bulk', { action: 'deactivate', ids: Array.from({ length: BULK_MAX + 1 }, () => a._id) }],
      ['/dictionary/faqs/bulk-delete', { ids: 'all' }],
      ['/dictionary/faqs/bulk-delete', {}],
    ];
    for (const [url, body] of bad) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect(await version()).toBe(before);
    expect(await auditRows()).toBe(rowsBefore);
    expect((await t.db.select().from(landmines).where(eq(landmines.id, a._id)))[0].isActive).toBe(true);
  });

  it('is for admins only: 401 without a token, 403 for a non-admin', async () => {
    const a = await createLandmine('bulk admins only');
    const body = { action: 'deactivate', ids: [a._id] };
    expect((await post('/landmines/bulk', body, {})).statusCode).toBe(401);
    expect((await post('/dictionary/objections/bulk-delete', { ids: [a._id] }, {})).statusCode).toBe(401);
    const user = await signUp();
    expect((await post('/landmines/bulk', body, bearer(user.idToken))).statusCode).toBe(403);
    expect((await post('/dictionary/faqs/bulk-delete', { ids: [a._id] }, bearer(user.idToken))).statusCode).toBe(403);
    expect((await t.db.select().from(landmines).where(eq(landmines.id, a._id)))[0].isActive).toBe(true);
  });
});
