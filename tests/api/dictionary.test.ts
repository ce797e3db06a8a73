import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { auditLog, dictionaryItems } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { dictionaryItemResponseSchema, groupedFaqsResponseSchema, groupedObjectionsResponseSchema } from '../../src/contract/dictionary';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let adminUid: string;

  beforeAll(async () => {
    t = await testApp(kind);
    const admin = await t.createAdmin();
    headers = admin.headers;
    adminUid = admin.uid;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/dictionary${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createObjection = async (question: string, answer = `Answer to ${question}`, extra: object = {}) => {
    const response = await call('POST', '/objections', {
      question,
      answer,
      category: 'Original',
      isOriginal: true,
      parentId: null,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return dictionaryItemResponseSchema.parse(response.json()).data;
  };
  const addVariation = async (path: 'objections' | 'faqs', parentId: string, question: string) => {
    const response = await call('POST', `/${path}/${parentId}/variations`, { question, category: 'Variation' });
    expect(response.statusCode, response.body).toBe(201);
    return dictionaryItemResponseSchema.parse(response.json()).data;
  };
  const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
  const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0];
  const rowCount = async () => (await t.db.select({ n: count() }).from(dictionaryItems))[0].n;
  const orphanCount = async () => {
    const result = await t.db.execute(
      sql`select count(*)::int as n from dictionary_items v where v.parent_id is not null and not exists (select 1 from dictionary_items o where o.id = v.parent_id)`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  };

  describe('POST /dictionary/objections and /faqs', () => {
    it('creates an original objection: Pending, Original, one audit row', async () => {
      const before = await auditCount();
      const item = await createObjection('Your price is too high.', 'Let us look at the ROI together.');
      expect(item).toMatchObject({
        question: 'Your price is too high.',
        answer: 'Let us look at the ROI together.',
        category: 'Original',
        isOriginal: true,
        parentId: null,
        needsEmbedding: true,
      });
      expect(item._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await auditCount()).toBe(before + 1);
      expect(await lastAudit()).toMatchObject({
        action: 'objection.create',
        targetType: 'objection',
        targetId: item._id,
        actorUid: adminUid,
      });
    });

    it('creates a FAQ with question, answer and category only, trimmed', async () => {
      const response = await call('POST', '/faqs', {
        question: '  Is there a free trial?  ',
        answer: 'Yes, 14 days.',
        category: 'Original',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        success: true,
        data: { question: 'Is there a free trial?', isOriginal: true, parentId: null },
      });
      expect((await lastAudit()).action).toBe('faq.create');
    });

    it('defaults the category to Original', async () => {
      const response = await call('POST', '/faqs', { question: 'Default category?', answer: 'Original.' });
      expect(response.json().data.category).toBe('Original');
    });

    it('creates a variation through POST with parentId, with the parent answer', async () => {
      const parent = await createObjection('Parent via POST', 'The shared answer');
      const response = await call('POST', '/objections', {
        question: 'Child via POST',
        answer: 'ignored',
        category: 'Variation',
        isOriginal: false,
        parentId: parent._id,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ isOriginal: false, parentId: parent._id, answer: 'The shared answer' });
    });

    it.each([
      ['a missing question', { answer: 'a' }, 'question'],
      ['a blank question', { question: '   ', answer: 'a' }, 'question'],
      ['a missing answer', { question: 'q' }, 'answer'],
      ['a blank answer', { question: 'q', answer: '' }, 'answer'],
      ['a question over 1000 characters', { question: 'x'.repeat(1001), answer: 'a' }, 'question'],
      ['an answer over 10000 characters', { question: 'q', answer: 'x'.repeat(10_001) }, 'answer'],
      ['a category over 200 characters', { question: 'q', answer: 'a', category: 'x'.repeat(201) }, 'category'],
      ['an unknown key', { question: 'q', answer: 'a', needsEmbedding: false }, 'needsEmbedding'],
      ['an _id', { question: 'q', answer: 'a', _id: '00000000-0000-4000-8000-000000000000' }, '_id'],
      ['a number question', { question: 5, answer: 'a' }, 'question'],
      ['a NUL character', { question: 'a\u0000b', answer: 'a' }, 'question'],
      ['a malformed parentId', { question: 'q', answer: 'a', parentId: 'nope' }, 'parentId'],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, payload, field) => {
      const before = await rowCount();
      const response = await call('POST', '/objections', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
      expect(await rowCount()).toBe(before);
    });

    it('accepts the boundary lengths (question 1000, answer 10000)', async () => {
      const item = await createObjection('q'.repeat(1000), 'a'.repeat(10_000));
      expect(item.question).toHaveLength(1000);
    });

    it('refuses contradictory isOriginal/parentId and unknown or wrong-kind parents', async () => {
      const parent = await createObjection('Parent for contradictions');
      const faq = (await call('POST', '/faqs', { question: 'A FAQ parent', answer: 'x' })).json().data;
      const original = await call('POST', '/objections', { question: 'q', answer: 'a', isOriginal: true, parentId: parent._id });
      expect(original.statusCode).toBe(400);
      const orphan = await call('POST', '/objections', { question: 'q', answer: 'a', isOriginal: false });
      expect(orphan.statusCode).toBe(400);
      expect(orphan.json().message).toMatch(/parentId/);
      const unknown = await call('POST', '/objections', {
        question: 'q',
        answer: 'a',
        isOriginal: false,
        parentId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      const wrongKind = await call('POST', '/objections', { question: 'q', answer: 'a', isOriginal: false, parentId: faq._id });
      expect(wrongKind.statusCode).toBe(404);
      expect(wrongKind.json().message).toMatch(/FAQ/);
    });
  });

  describe('POST /dictionary/{kind}/{id}/variations', () => {
    it('adds a variation with the parent answer, Pending, one audit row', async () => {
      const parent = await createObjection('We already use a competitor.', 'What do you like about it?');
      const before = await auditCount();
      const variation = await addVariation('objections', parent._id, 'We work with another vendor.');
      expect(variation).toMatchObject({
        isOriginal: false,
        parentId: parent._id,
        answer: 'What do you like about it?',
        category: 'Variation',
        needsEmbedding: true,
      });
      expect(await auditCount()).toBe(before + 1);
      expect((await lastAudit()).action).toBe('objection.variation.create');
    });

    it('refuses a variation of a variation with a clear 400', async () => {
      const parent = await createObjection('Original for nesting');
      const variation = await addVariation('objections', parent._id, 'A variation');
      const response = await call('POST', `/objections/${variation._id}/variations`, { question: 'Nested' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/variation of a variation|to a variation/i);
    });

    it('refuses an unknown parent (404), a FAQ id on the objections path (404) and a malformed id (400)', async () => {
      const unknown = await call('POST', '/objections/00000000-0000-4000-8000-000000000000/variations', { question: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
      const faq = (await call('POST', '/faqs', { question: 'FAQ for the wrong path', answer: 'x' })).json().data;
      const wrongPath = await call('POST', `/objections/${faq._id}/variations`, { question: 'x' });
      expect(wrongPath.statusCode).toBe(404);
      expect(wrongPath.json().message).toMatch(/FAQ/);
      const malformed = await call('POST', '/objections/not-a-uuid/variations', { question: 'x' });
      expect(malformed.statusCode).toBe(400);
    });

    it('refuses a blank question and unknown keys', async () => {
      const parent = await createObjection('Original for bad variations');
      expect((await call('POST', `/objections/${parent._id}/variations`, { question: ' ' })).statusCode).toBe(400);
      expect((await call('POST', `/objections/${parent._id}/variations`, { question: 'ok', answer: 'no' })).statusCode).toBe(400);
    });
  });

  describe('PUT /dictionary/{kind}/{id}', () => {
    it("copies an original's new answer to its variations and marks the original Pending", async () => {
      const parent = await createObjection('Editable original', 'Old answer');
      const variation = await addVariation('objections', parent._id, 'Editable variation');
      await t.db.update(dictionaryItems).set({ needsEmbedding: false });
      const before = await auditCount();
      const response = await call('PUT', `/objections/${parent._id}`, {
        question: 'Editable original',
        answer: 'New answer',
        category: 'Original',
        isOriginal: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: { answer: 'New answer', needsEmbedding: true } });
      const [child] = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, variation._id));
      expect(child.answer).toBe('New answer');
      expect(await auditCount()).toBe(before + 1);
      expect(await lastAudit()).toMatchObject({
        action: 'objection.update',
        changes: { answer: { from: 'Old answer', to: 'New answer' } },
      });
    });

    it("edits a variation's question (Pending) and keeps the original's answer", async () => {
      const parent = await createObjection('Original of an edited variation', 'Shared');
      const variation = await addVariation('objections', parent._id, 'Before edit');
      await t.db.update(dictionaryItems).set({ needsEmbedding: false }).where(eq(dictionaryItems.id, variation._id));
      const response = await call('PUT', `/objections/${variation._id}`, {
        question: 'After edit',
        answer: 'Sneaky other answer',
        category: 'Variation',
        isOriginal: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ question: 'After edit', answer: 'Shared', needsEmbedding: true, parentId: parent._id });
    });

    it('writes no audit row and keeps Ready when nothing changed', async () => {
      const item = await createObjection('Unchanged item', 'Same');
      await t.db.update(dictionaryItems).set({ needsEmbedding: false }).where(eq(dictionaryItems.id, item._id));
      const before = await auditCount();
      const response = await call('PUT', `/objections/${item._id}`, { question: 'Unchanged item', answer: 'Same' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.needsEmbedding).toBe(false);
      expect(await auditCount()).toBe(before);
    });

    it('refuses turning an original into a variation, unknown ids, wrong-kind ids and bad bodies', async () => {
      const item = await createObjection('Item for bad updates');
      expect((await call('PUT', `/objections/${item._id}`, { question: 'q', answer: 'a', isOriginal: false })).statusCode).toBe(400);
      expect((await call('PUT', '/objections/00000000-0000-4000-8000-000000000000', { question: 'q', answer: 'a' })).statusCode).toBe(404);
      expect((await call('PUT', `/faqs/${item._id}`, { question: 'q', answer: 'a' })).statusCode).toBe(404);
      expect((await call('PUT', '/objections/123', { question: 'q', answer: 'a' })).statusCode).toBe(400);
      expect((await call('PUT', `/objections/${item._id}`, { question: 'q' })).statusCode).toBe(400);
      expect((await call('PUT', `/objections/${item._id}`, { question: 'q', answer: 'a', parentId: null })).statusCode).toBe(400);
      const [row] = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, item._id));
      expect(row.question).toBe('Item for bad updates');
    });
  });

  describe('DELETE /dictionary/{kind}/{id}', () => {
    it('deletes an original with all its variations in one go: zero orphans, one audit row', async () => {
      const parent = await createObjection('Original to delete');
      const children = [await addVariation('objections', parent._id, 'v1'), await addVariation('objections', parent._id, 'v2')];
      const before = await auditCount();
      const response = await call('DELETE', `/objections/${parent._id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      const left = await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.parentId, parent._id));
      expect(left).toHaveLength(0);
      for (const child of children)
        expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, child._id))).toHaveLength(0);
      expect(await orphanCount()).toBe(0);
      expect(await auditCount()).toBe(before + 1);
      expect(await lastAudit()).toMatchObject({
        action: 'objection.delete',
        targetId: parent._id,
        changes: { variations: { from: 2, to: 0 } },
      });
    });

    it('deletes a single variation and leaves its original', async () => {
      const parent = await createObjection('Original keeping');
      const variation = await addVariation('objections', parent._id, 'Goes away');
      expect((await call('DELETE', `/objections/${variation._id}`)).statusCode).toBe(200);
      expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, parent._id))).toHaveLength(1);
    });

    it('rolls back everything when the delete fails half-way (variations already deleted, audit insert fails)', async () => {
      const parent = await createObjection('Original surviving a failure');
      await addVariation('objections', parent._id, 'Survivor 1');
      await addVariation('objections', parent._id, 'Survivor 2');
      const rowsBefore = await rowCount();
      const auditBefore = await auditCount();
      await t.db.execute(
        sql.raw(
          `create or replace function test_fail_audit() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`,
        ),
      );
      await t.db.execute(
        sql.raw('create trigger test_fail_audit before insert on audit_log for each row execute function test_fail_audit()'),
      );
      try {
        const response = await call('DELETE', `/objections/${parent._id}`);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ error: 'INTERNAL_ERROR', message: 'Internal server error' });
        expect(response.body).not.toMatch(/simulated/);
      } finally {
        await t.db.execute(sql.raw('drop trigger test_fail_audit on audit_log'));
      }
      expect(await rowCount()).toBe(rowsBefore);
      expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.parentId, parent._id))).toHaveLength(2);
      expect(await auditCount()).toBe(auditBefore);
      expect(await orphanCount()).toBe(0);
    });

    it('refuses unknown ids (404), wrong-kind ids (404) and malformed ids (400)', async () => {
      const item = await createObjection('Delete on wrong path');
      expect((await call('DELETE', '/objections/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await call('DELETE', `/faqs/${item._id}`)).statusCode).toBe(404);
      expect((await call('DELETE', '/faqs/zzz')).statusCode).toBe(400);
      expect(await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, item._id))).toHaveLength(1);
    });

    it('works without a content type and with an empty JSON body', async () => {
      const a = await createObjection('Bodyless delete a');
      const b = await createObjection('Bodyless delete b');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/dictionary/objections/${a._id}`, headers })).statusCode).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/dictionary/objections/${b._id}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: '',
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('GET /dictionary/{kind}/grouped', () => {
    beforeAll(async () => {
      await t.db.delete(dictionaryItems);
      // 7 FAQ originals, each with 2 variations: paging must count the 7 originals only.
      for (let i = 1; i <= 7; i += 1) {
        const response = await call('POST', '/faqs', {
          question: `Grouped FAQ ${i}`,
          answer: `Grouped answer ${i}`,
          category: i % 2 ? 'Odd' : 'Even',
        });
        const id = response.json().data._id;
        await addVariation('faqs', id, `Variation ${i}a`);
        await addVariation('faqs', id, i === 3 ? 'Needle 100%_\\ match' : `Variation ${i}b`);
      }
    });

    it('pages originals (newest first) with their variations; totals count originals', async () => {
      const first = await call('GET', '/faqs/grouped?page=1&limit=3');
      expect(first.statusCode).toBe(200);
      const body = groupedFaqsResponseSchema.parse(first.json());
      expect(body.pagination).toEqual({ total: 7, totalPages: 3, page: 1, limit: 3 });
      expect(body.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 7', 'Grouped FAQ 6', 'Grouped FAQ 5']);
      expect(body.faqs[0]).toMatchObject({ isOriginal: true, parentId: null, needsEmbedding: true, answer: 'Grouped answer 7' });
      expect(body.faqs[0].variations).toEqual([
        { _id: expect.any(String), question: 'Variation 7a', category: 'Variation', needsEmbedding: true },
        { _id: expect.any(String), question: 'Variation 7b', category: 'Variation', needsEmbedding: true },
      ]);
      const last = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?page=3&limit=3')).json());
      expect(last.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 1']);
      const beyond = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?page=9&limit=3')).json());
      expect(beyond.faqs).toEqual([]);
      expect(beyond.pagination.total).toBe(7);
    });

    it('keeps objections and FAQs apart', async () => {
      const body = groupedObjectionsResponseSchema.parse((await call('GET', '/objections/grouped')).json());
      expect(body.objections).toEqual([]);
      expect(body.pagination).toEqual({ total: 0, totalPages: 0, page: 1, limit: 15 });
    });

    it('filters by category', async () => {
      const body = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?category=Even&limit=50')).json());
      expect(body.faqs.map((item) => item.question).sort()).toEqual(['Grouped FAQ 2', 'Grouped FAQ 4', 'Grouped FAQ 6']);
    });

    it('searches case-insensitively over question, answer and variation questions', async () => {
      const byQuestion = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?search=grouped%20faq%205')).json());
      expect(byQuestion.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 5']);
      const byAnswer = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?search=GROUPED%20ANSWER%206')).json());
      expect(byAnswer.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 6']);
      const byVariation = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?search=variation%204A')).json());
      expect(byVariation.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 4']);
      expect(byVariation.faqs[0].variations).toHaveLength(2);
      expect(byVariation.pagination.total).toBe(1);
    });

    it('treats %, _ and \\ in the search text literally', async () => {
      const literal = groupedFaqsResponseSchema.parse((await call('GET', `/faqs/grouped?search=${encodeURIComponent('100%_\\')}`)).json());
      expect(literal.faqs.map((item) => item.question)).toEqual(['Grouped FAQ 3']);
      for (const wildcard of ['%', '_', '\\']) {
        const body = groupedFaqsResponseSchema.parse((await call('GET', `/faqs/grouped?search=${encodeURIComponent(wildcard)}`)).json());
        expect(
          body.faqs.map((item) => item.question),
          wildcard,
        ).toEqual(['Grouped FAQ 3']);
      }
    });

    it.each([['page=0'], ['limit=0'], ['limit=101'], ['page=abc'], [`search=${'x'.repeat(201)}`], ['search=%00'], ['page=1&page=2']])(
      'refuses ?%s with 400',
      async (query) => {
        const response = await call('GET', `/faqs/grouped?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
      },
    );
  });

  describe('POST /dictionary/{kind}/{id}/generate-variations (local generator)', () => {
    it('returns N distinct rephrasings, different from the question and existing variations, and saves nothing', async () => {
      const parent = await createObjection('Your price is too high.', 'ROI');
      await addVariation('objections', parent._id, 'Honestly, your price is too high.');
      const before = await rowCount();
      const response = await call('POST', `/objections/${parent._id}/generate-variations`, { count: 3 });
      expect(response.statusCode).toBe(200);
      const { success, variations } = response.json() as { success: boolean; variations: string[] };
      expect(success).toBe(true);
      expect(variations).toHaveLength(3);
      const keys = variations.map((text) => text.toLowerCase());
      expect(new Set(keys).size).toBe(3);
      expect(keys).not.toContain('your price is too high.');
      expect(keys).not.toContain('honestly, your price is too high.');
      expect(await rowCount()).toBe(before);
      const ten = await call('POST', `/objections/${parent._id}/generate-variations`, { count: 10 });
      expect(ten.json().variations).toHaveLength(10);
    });

    it('refuses counts outside 1-10, variations, unknown and wrong-kind ids', async () => {
      const parent = await createObjection('Generation refusals');
      const variation = await addVariation('objections', parent._id, 'A child');
      for (const count of [0, 11, 2.5, '3']) {
        expect((await call('POST', `/objections/${parent._id}/generate-variations`, { count })).statusCode, String(count)).toBe(400);
      }
      expect((await call('POST', `/objections/${parent._id}/generate-variations`, { count: 3, extra: true })).statusCode).toBe(400);
      expect((await call('POST', `/objections/${variation._id}/generate-variations`, { count: 3 })).statusCode).toBe(400);
      expect((await call('POST', '/objections/00000000-0000-4000-8000-000000000000/generate-variations', { count: 3 })).statusCode).toBe(
        404,
      );
      expect((await call('POST', `/faqs/${parent._id}/generate-variations`, { count: 3 })).statusCode).toBe(404);
      expect((await call('POST', `/objections/${parent._id}/generate-variations`, { count: 1 })).statusCode).toBe(200);
      expect((await call('POST', `/objections/${parent._id}/generate-variations`, { count: 10 })).statusCode).toBe(200);
    });
  });

  describe('demo data', () => {
    it('seeds >= 40 objections with 2-4 variations, 30 FAQs and 15 landmines, Ready, on empty tables only', async () => {
      await t.db.delete(dictionaryItems);
      const started = performance.now();
      expect(await seedDictionary({ db: t.db })).toBe(true);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeLessThan(5_000);
      const objections = groupedObjectionsResponseSchema.parse((await call('GET', '/objections/grouped?limit=100')).json());
      expect(objections.pagination.total).toBeGreaterThanOrEqual(40);
      for (const item of objections.objections) {
        expect(item.variations.length, item.question).toBeGreaterThanOrEqual(2);
        expect(item.variations.length, item.question).toBeLessThanOrEqual(4);
      }
      const faqs = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?limit=100')).json());
      expect(faqs.pagination.total).toBe(30);
      const pending = await t.db.select({ n: count() }).from(dictionaryItems).where(eq(dictionaryItems.needsEmbedding, true));
      expect(pending[0].n).toBe(0);
      const missing = await t.db.select({ n: count() }).from(dictionaryItems).where(isNull(dictionaryItems.embedding));
      expect(missing[0].n).toBe(0);
      const variationsWithParentAnswer = await t.db.execute(
        sql`select count(*)::int as n from dictionary_items v join dictionary_items o on o.id = v.parent_id where v.answer <> o.answer`,
      );
      expect(Number((variationsWithParentAnswer as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
      const landmines = (await t.app.inject({ method: 'GET', url: '/api/landmines', headers })).json().landmines as {
        isActive: boolean;
        priority: string;
      }[];
      expect(landmines).toHaveLength(15);
      expect(landmines.some((landmine) => !landmine.isActive)).toBe(true);
      expect(new Set(landmines.map((landmine) => landmine.priority))).toEqual(new Set(['high', 'medium', 'low']));
      expect(await seedDictionary({ db: t.db })).toBe(false);
      const stored = await t.db
        .select({ n: count() })
        .from(dictionaryItems)
        .where(and(isNotNull(dictionaryItems.parentId), gt(dictionaryItems.createdAt, new Date(0))));
      expect(stored[0].n).toBeGreaterThanOrEqual(80);
    });
  });
});

describe('generate-variations per-admin rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { rateLimit: { max: 1_000, timeWindowMs: 60_000 }, generationRateLimit: { max: 2, timeWindowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  it('answers 429 with retry-after once an admin exceeds the limit; another admin is not affected', async () => {
    const first = await t.createAdmin();
    const second = await t.createAdmin();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionary/faqs',
      headers: first.headers,
      payload: { question: 'Rate limited?', answer: 'Yes' },
    });
    const url = `/api/dictionary/faqs/${created.json().data._id}/generate-variations`;
    const generate = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: { count: 1 } });
    expect((await generate(first.headers)).statusCode).toBe(200);
    expect((await generate(first.headers)).statusCode).toBe(200);
    const limited = await generate(first.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generate(second.headers)).statusCode).toBe(200);
  });
});
