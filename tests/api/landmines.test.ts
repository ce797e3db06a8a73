import { count, eq, sql } from 'drizzle-orm';
import { auditLog, landmines } from '../../server/db/schema';
import { landmineListResponseSchema, landmineResponseSchema } from '../../src/contract/landmines';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

describe.each(DB_KINDS)('landmines (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/landmines${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (body: object) => {
    const response = await call('POST', '', body);
    expect(response.statusCode, response.body).toBe(201);
    return landmineResponseSchema.parse(response.json()).landmine;
  };
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0];

  it('creates a landmine with the defaults: active, priority medium, empty lists; one audit row', async () => {
    const before = await auditCount();
    const landmine = await create({ trigger: 'guaranteed ROI', category: 'Pricing promises' });
    expect(landmine).toMatchObject({
      trigger: 'guaranteed ROI',
      category: 'Pricing promises',
      priority: 'medium',
      isActive: true,
      triggerVariations: [],
      canSay: [],
      cannotSay: [],
      quickTips: '',
    });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'landmine.create', targetType: 'landmine', targetId: landmine._id });
  });

  it('drops blank trigger variations and blank can-say/cannot-say points, and blank optional texts', async () => {
    const landmine = await create({
      trigger: '  price lock  ',
      category: 'Pricing',
      priority: 'high',
      triggerVariations: ['never goes up', '   ', '', 'lifetime price'],
      canSay: [{ point: 'Fixed for the term', context: 'contract' }, { point: '  ' }, { point: 'Ask the deal desk', context: '  ' }],
      cannotSay: [
        { point: 'Never goes up', reason: 'Not in the contract', severity: 'legal_risk' },
        { point: '', severity: 'brand_risk' },
        { point: 'Forever' },
      ],
      quickTips: 'Point to the renewal clause.',
      isActive: false,
    });
    expect(landmine).toMatchObject({
      trigger: 'price lock',
      priority: 'high',
      isActive: false,
      triggerVariations: ['never goes up', 'lifetime price'],
      canSay: [{ point: 'Fixed for the term', context: 'contract' }, { point: 'Ask the deal desk' }],
      cannotSay: [
        { point: 'Never goes up', reason: 'Not in the contract', severity: 'legal_risk' },
        { point: 'Forever', severity: 'general' },
      ],
    });
    expect(landmine.canSay[1]).not.toHaveProperty('context');
  });

  it.each([
    ['a missing trigger', { category: 'c' }, 'trigger'],
    ['a blank trigger', { trigger: '  ', category: 'c' }, 'trigger'],
    ['a missing category', { trigger: 't' }, 'category'],
    ['a trigger over 500 characters', { trigger: 'x'.repeat(501), category: 'c' }, 'trigger'],
    ['an unknown priority', { trigger: 't', category: 'c', priority: 'urgent' }, 'priority'],
    ['an unknown severity', { trigger: 't', category: 'c', cannotSay: [{ point: 'p', severity: 'fatal' }] }, 'severity'],
    [
      '51 trigger variations',
      { trigger: 't', category: 'c', triggerVariations: Array.from({ length: 51 }, (_, i) => `v${i}`) },
      'triggerVariations',
    ],
    ['51 can-say points', { trigger: 't', category: 'c', canSay: Array.from({ length: 51 }, (_, i) => ({ point: `p${i}` })) }, 'canSay'],
    ['an unknown key in a point', { trigger: 't', category: 'c', canSay: [{ point: 'p', extra: 1 }] }, 'canSay'],
    ['an unknown key', { trigger: 't', category: 'c', _id: 'x' }, '_id'],
    ['a string boolean', { trigger: 't', category: 'c', isActive: 'true' }, 'isActive'],
    ['a NUL character', { trigger: 't\u0000', category: 'c' }, 'trigger'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const before = (await t.db.select({ n: count() }).from(landmines))[0].n;
    const response = await call('POST', '', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
    expect((await t.db.select({ n: count() }).from(landmines))[0].n).toBe(before);
  });

  it('accepts the boundaries (trigger 500, 50 items)', async () => {
    const landmine = await create({
      trigger: 'x'.repeat(500),
      category: 'c',
      triggerVariations: Array.from({ length: 50 }, (_, i) => `v${i}`),
    });
    expect(landmine.triggerVariations).toHaveLength(50);
  });

  it('updates a landmine (fields left out keep their value), one audit row with the changed fields', async () => {
    const landmine = await create({
      trigger: 'old trigger',
      category: 'Old',
      priority: 'low',
      quickTips: 'keep me',
      triggerVariations: ['a'],
    });
    const before = await auditCount();
    const response = await call('PUT', `/${landmine._id}`, {
      trigger: 'new trigger',
      category: 'Old',
      priority: 'high',
      canSay: [{ point: 'ok', context: '' }, { point: '' }],
    });
    expect(response.statusCode).toBe(200);
    expect(landmineResponseSchema.parse(response.json()).landmine).toMatchObject({
      trigger: 'new trigger',
      priority: 'high',
      quickTips: 'keep me',
      triggerVariations: ['a'],
      canSay: [{ point: 'ok' }],
    });
    expect(await auditCount()).toBe(before + 1);
    const audit = await lastAudit();
    expect(audit.action).toBe('landmine.update');
    expect(Object.keys(audit.changes).sort()).toEqual(['canSay', 'priority', 'trigger']);
    const same = await call('PUT', `/${landmine._id}`, { trigger: 'new trigger', category: 'Old' });
    expect(same.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses updates of unknown or malformed ids and invalid bodies', async () => {
    const landmine = await create({ trigger: 'stays', category: 'c' });
    expect((await call('PUT', '/00000000-0000-4000-8000-000000000000', { trigger: 't', category: 'c' })).statusCode).toBe(404);
    expect((await call('PUT', '/nope', { trigger: 't', category: 'c' })).statusCode).toBe(400);
    expect((await call('PUT', `/${landmine._id}`, { category: 'c' })).statusCode).toBe(400);
    expect((await call('PUT', `/${landmine._id}`, { trigger: 't', category: 'c', priority: 'HIGH' })).statusCode).toBe(400);
    const [row] = await t.db.select().from(landmines).where(eq(landmines.id, landmine._id));
    expect(row.trigger).toBe('stays');
  });

  it('toggles Active <-> Inactive without a body (with or without a JSON content type), one audit row each', async () => {
    const landmine = await create({ trigger: 'toggle me', category: 'c' });
    const before = await auditCount();
    const off = await t.app.inject({ method: 'PATCH', url: `/api/landmines/${landmine._id}/toggle-status`, headers });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, landmine: { _id: landmine._id, isActive: false } });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/landmines/${landmine._id}/toggle-status`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(on.json().landmine.isActive).toBe(true);
    expect(await auditCount()).toBe(before + 2);
    expect(await lastAudit()).toMatchObject({ action: 'landmine.toggle', changes: { isActive: { from: false, to: true } } });
    expect((await call('PATCH', '/00000000-0000-4000-8000-000000000000/toggle-status')).statusCode).toBe(404);
    expect((await call('PATCH', '/x/toggle-status')).statusCode).toBe(400);
  });

  it('deletes a landmine (one audit row); unknown ids 404', async () => {
    const landmine = await create({ trigger: 'delete me', category: 'c' });
    const before = await auditCount();
    const response = await call('DELETE', `/${landmine._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.select().from(landmines).where(eq(landmines.id, landmine._id))).toHaveLength(0);
    expect(await auditCount()).toBe(before + 1);
    expect((await lastAudit()).action).toBe('landmine.delete');
    expect((await call('DELETE', `/${landmine._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/1')).statusCode).toBe(400);
  });

  describe('GET /landmines', () => {
    beforeAll(async () => {
      await t.db.delete(landmines);
      await create({
        trigger: 'alpha',
        category: 'Legal',
        priority: 'high',
        quickTips: 'Mind the 100% claim',
        triggerVariations: ['first variation'],
      });
      await create({ trigger: 'beta', category: 'Legal', priority: 'low', isActive: false });
      await create({ trigger: 'gamma', category: 'Brand', triggerVariations: ['Special_Wording'] });
    });

    it('lists all landmines newest first', async () => {
      const body = landmineListResponseSchema.parse((await call('GET', '')).json());
      expect(body.success).toBe(true);
      expect(body.landmines.map((landmine) => landmine.trigger)).toEqual(['gamma', 'beta', 'alpha']);
    });

    it.each([
      ['category=Legal', ['beta', 'alpha']],
      ['priority=medium', ['gamma']],
      ['isActive=false', ['beta']],
      ['isActive=true', ['gamma', 'alpha']],
      ['category=Legal&priority=high&isActive=true', ['alpha']],
      ['search=FIRST', ['alpha']],
      ['search=special_wording', ['gamma']],
      ['search=100%25', ['alpha']],
      ['search=_', ['gamma']],
      ['search=brand', ['gamma']],
    ])('filters ?%s', async (query, triggers) => {
      const body = landmineListResponseSchema.parse((await call('GET', `?${query}`)).json());
      expect(body.landmines.map((landmine) => landmine.trigger)).toEqual(triggers);
    });

    it.each([['priority=urgent'], ['isActive=yes'], ['isActive=1'], ['priority=high&priority=low'], [`category=${'c'.repeat(201)}`]])(
      'refuses ?%s with 400',
      async (query) => {
        expect((await call('GET', `?${query}`)).statusCode).toBe(400);
      },
    );
  });
});
