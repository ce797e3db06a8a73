import { dictionaryItems } from '../../server/db/schema';
import { groupedFaqsResponseSchema, groupedObjectionsResponseSchema } from '../../src/contract/dictionary';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** The grouped lists: originals with their variations, paged, filtered and searched (spec 3, docs/api.md). */
describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, addVariation } = dictionaryCalls(() => ({ t, headers }));

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
        { _id: expect.any(String), question: 'Variation 7a', category: 'Variation', needsEmbedding: true, version: 1 },
        { _id: expect.any(String), question: 'Variation 7b', category: 'Variation', needsEmbedding: true, version: 1 },
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
});
