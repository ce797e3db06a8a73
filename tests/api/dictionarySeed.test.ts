import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { dictionaryItems } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { groupedFaqsResponseSchema, groupedObjectionsResponseSchema } from '../../src/contract/dictionary';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** The demo data the seed writes into empty dictionary tables (spec 3). */
describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call } = dictionaryCalls(() => ({ t, headers }));

  describe('demo data', () => {
    it('seeds >= 40 objections and 30 FAQs with 3-8 variations each, and 15 landmines, Ready, on empty tables only', async () => {
      await t.db.delete(dictionaryItems);
      expect(await seedDictionary({ db: t.db })).toBe(true);
      const objections = groupedObjectionsResponseSchema.parse((await call('GET', '/objections/grouped?limit=100')).json());
      expect(objections.pagination.total).toBeGreaterThanOrEqual(40);
      const faqs = groupedFaqsResponseSchema.parse((await call('GET', '/faqs/grouped?limit=100')).json());
      expect(faqs.pagination.total).toBe(30);
      // What customers say, several ways each (docs/matching.md): every item at least three.
      for (const item of [...objections.objections, ...faqs.faqs]) {
        expect(item.variations.length, item.question).toBeGreaterThanOrEqual(3);
        expect(item.variations.length, item.question).toBeLessThanOrEqual(8);
      }
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
