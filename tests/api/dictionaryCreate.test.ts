import { adminTestApp } from '../support/adminApp';
import { DB_KINDS } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** Creating objections, FAQs and variations through the API (spec 3, docs/api.md). */
describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  const admin = adminTestApp(kind);

  const { call, createObjection, addVariation, auditCount, lastAudit, rowCount } = dictionaryCalls(() => admin);

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
        actorUid: admin.adminUid,
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
});
