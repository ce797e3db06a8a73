import { eq, sql } from 'drizzle-orm';
import { dictionaryItems } from '../../server/db/schema';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** Editing and deleting objections, FAQs and variations through the API (spec 3, docs/api.md). */
describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, createObjection, addVariation, auditCount, lastAudit, rowCount, orphanCount } = dictionaryCalls(() => ({ t, headers }));

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
});
