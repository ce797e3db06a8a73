import { eq } from 'drizzle-orm';
import { dictionaryItems, landmines } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { createDictionaryMatcher } from '../../server/services/matching/dictionaryMatch';
import { createLandmineVectors } from '../../server/services/matching/landmineVectors';
import { createLocalEmbeddingProvider, type EmbeddingProvider, startEmbeddingWorker } from '../../server/services/matching/embeddings';
import {
  MATCH_FAILED,
  MATCH_RESULTS_MAX,
  MATCH_TEXT_MAX,
  NEAR_DUPLICATE_THRESHOLD,
  dictionaryMatchResponseSchema,
} from '../../src/contract/dictionaryMatch';
import { defaultThresholdFor, MATCH_MARGIN, plausibleRangeFor } from '../../src/contract/matching';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** POST /api/dictionary/match (docs/api.md "Test a phrase") over the seeded dictionary. */
describe.each(DB_KINDS)('dictionary: test a phrase (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    expect(await seedDictionary({ db: t.db })).toBe(true);
  });
  afterAll(() => t?.close());

  const { createObjection, addVariation } = dictionaryCalls(() => ({ t, headers }));
  const match = (payload: unknown, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/dictionary/match', headers: as, payload: payload as object });
  const matches = async (payload: object) => {
    const response = await match(payload);
    expect(response.statusCode, response.body).toBe(200);
    return dictionaryMatchResponseSchema.parse(response.json()).data;
  };
  const originals = async (kindName: 'objection' | 'faq') =>
    t.db
      .select({ id: dictionaryItems.id, question: dictionaryItems.question, parentId: dictionaryItems.parentId })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.kind, kindName));

  it('returns an existing question first, near 100%, firing, with the threshold the assistant uses', async () => {
    for (const kindName of ['objection', 'faq'] as const) {
      const rows = (await originals(kindName)).filter((row) => row.parentId === null).slice(0, 5);
      expect(rows.length).toBe(5);
      for (const row of rows) {
        const data = await matches({ text: row.question });
        expect(data.matches[0], row.question).toMatchObject({
          type: kindName,
          id: row.id,
          question: row.question,
          viaVariation: false,
          wouldFire: true,
        });
        expect(data.matches[0].score).toBeGreaterThan(0.99);
        // No calibration yet: the model's default threshold (docs/matching.md).
        expect(data).toMatchObject({ threshold: defaultThresholdFor(data.model), margin: MATCH_MARGIN, thresholdSource: 'default' });
        expect(data.verdict).toMatchObject({ outcome: 'fires', itemId: row.id });
        expect(data.nearDuplicateThreshold).toBe(NEAR_DUPLICATE_THRESHOLD);
        expect(data.matches.length).toBeLessThanOrEqual(MATCH_RESULTS_MAX);
        const scores = data.matches.map((entry) => entry.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        // One objection or FAQ fires at most; one landmine at most, the best, from the landmines' own threshold.
        expect(data.matches.filter((entry) => entry.type !== 'landmine' && entry.wouldFire).map((entry) => entry.id)).toEqual([row.id]);
        const mines = data.matches.filter((one) => one.type === 'landmine');
        const fired = mines.filter((entry) => entry.wouldFire);
        expect(fired.length).toBeLessThanOrEqual(1);
        if (fired[0]) {
          expect(fired[0].id).toBe(mines[0].id);
          expect(fired[0].score).toBeGreaterThanOrEqual(data.landmineThreshold);
        }
      }
    }
  });

  it("reports a variation's match as its original", async () => {
    const rows = await originals('objection');
    const variation = rows.find((row) => row.parentId !== null)!;
    const original = rows.find((row) => row.id === variation.parentId)!;
    const data = await matches({ text: variation.question });
    expect(data.matches[0]).toMatchObject({
      id: original.id,
      question: original.question,
      matchedText: variation.question,
      viaVariation: true,
    });
    expect(data.matches.filter((entry) => entry.id === variation.id)).toEqual([]);
    expect(data.matches.filter((entry) => entry.id === original.id)).toHaveLength(1);
  });

  it('matches active landmines through their trigger and variations, never inactive ones', async () => {
    const all = await t.db.select().from(landmines);
    const active = all.find((row) => row.isActive && row.triggerVariations.length > 0)!;
    expect((await matches({ text: active.trigger })).matches[0]).toMatchObject({
      type: 'landmine',
      id: active.id,
      question: active.trigger,
    });
    const viaVariation = (await matches({ text: active.triggerVariations[0] })).matches[0];
    expect(viaVariation).toMatchObject({ type: 'landmine', id: active.id, matchedText: active.triggerVariations[0], viaVariation: true });
    const inactive = all.find((row) => !row.isActive)!;
    expect((await matches({ text: inactive.trigger })).matches.map((entry) => entry.id)).not.toContain(inactive.id);
  });

  it("fires a landmine on its cannot-say point from the landmines' own threshold, and not on its can-say point", async () => {
    const all = await t.db.select().from(landmines);
    const active = all.find((row) => row.isActive && row.cannotSay.length > 0 && row.canSay.length > 0)!;
    const crossing = await matches({ text: active.cannotSay[0].point });
    expect(crossing.landmineThreshold).toBeGreaterThanOrEqual(plausibleRangeFor(crossing.model).min);
    expect(crossing.matches.find((entry) => entry.id === active.id)).toMatchObject({
      wouldFire: true,
      matchedText: active.cannotSay[0].point,
    });
    const compliant = await matches({ text: active.canSay[0].point });
    expect(compliant.matches.filter((entry) => entry.type === 'landmine' && entry.wouldFire)).toEqual([]);
  });

  it('hears the customer against objections and FAQs only, the salesperson against landmines only', async () => {
    const [mine] = await t.db.select().from(landmines).where(eq(landmines.isActive, true)).limit(1);
    const [item] = (await originals('objection')).filter((row) => row.parentId === null);
    const asCustomer = await matches({ text: mine.trigger, speaker: 'customer' });
    expect(asCustomer.matches.length).toBeGreaterThan(0);
    expect(asCustomer.matches.filter((entry) => entry.type === 'landmine')).toEqual([]);
    const asRep = await matches({ text: mine.trigger, speaker: 'salesperson' });
    expect(asRep.matches[0]).toMatchObject({ type: 'landmine', id: mine.id, wouldFire: true });
    expect(asRep.matches.every((entry) => entry.type === 'landmine')).toBe(true);
    expect(asRep.verdict.outcome).toBe('nothingToCompare');
    expect((await matches({ text: item.question, speaker: 'customer' })).verdict).toMatchObject({ outcome: 'fires', itemId: item.id });
    expect((await match({ text: item.question, speaker: 'manager' })).statusCode).toBe(400);
  });

  it('follows a landmine edit (the cached vectors are replaced)', async () => {
    const [row] = await t.db.select().from(landmines).where(eq(landmines.isActive, true)).limit(1);
    const trigger = 'zebra quartz voucher promise';
    expect((await matches({ text: trigger })).matches.filter((entry) => entry.wouldFire)).toEqual([]);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/landmines/${row.id}`,
      headers,
      payload: { trigger, category: row.category },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await matches({ text: trigger })).matches[0]).toMatchObject({
      type: 'landmine',
      id: row.id,
      question: trigger,
      wouldFire: true,
    });
  });

  it('fires nothing for a phrase unlike every item', async () => {
    const data = await matches({ text: 'xylophone giraffe nebula' });
    expect(data.matches.filter((entry) => entry.wouldFire)).toEqual([]);
  });

  it('compares only Ready embeddings: a new item matches once the worker has embedded it', async () => {
    const question = 'Your onboarding takes far too many weeks for our quarter';
    const created = await createObjection(question);
    expect((await matches({ text: question })).matches.map((entry) => entry.id)).not.toContain(created._id);
    const worker = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider(), batchSize: 100 }, { autoStart: false });
    await worker.runOnce();
    await worker.stop();
    expect((await matches({ text: question })).matches[0]).toMatchObject({ id: created._id, type: 'objection' });
  });

  it('leaves out the excluded item and its variations (near-duplicate checks of the item being edited)', async () => {
    const question = 'Quarterly licence renewals confuse our procurement office';
    const created = await createObjection(question);
    await addVariation('objections', created._id, 'Quarterly licence renewals confuse procurement');
    const worker = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider(), batchSize: 100 }, { autoStart: false });
    await worker.runOnce();
    await worker.stop();
    expect((await matches({ text: question })).matches[0].id).toBe(created._id);
    const excluded = await matches({ text: question, excludeId: created._id });
    expect(excluded.matches.map((entry) => entry.id)).not.toContain(created._id);
  });

  it.each([
    ['an empty text', { text: '  ' }],
    ['a text over the limit', { text: 'a'.repeat(MATCH_TEXT_MAX + 1) }],
    ['a NUL character', { text: 'price\u0000' }],
    ['an unknown field', { text: 'price', extra: true }],
    ['an excludeId that is not an id', { text: 'price', excludeId: 'nope' }],
    ['no body', undefined],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await match(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('accepts a text at the limit', async () => {
    expect((await match({ text: 'a '.repeat(MATCH_TEXT_MAX / 2).trim() })).statusCode).toBe(200);
  });

  it('refuses a caller without a token', async () => {
    expect((await match({ text: 'price' }, {})).statusCode).toBe(401);
  });

  it('answers 502 MATCH_FAILED when the provider fails, and embeds landmines once while they are unchanged', async () => {
    const failing: EmbeddingProvider = {
      model: createLocalEmbeddingProvider().model,
      embed: async () => {
        throw new Error('provider down');
      },
    };
    await expect(
      createDictionaryMatcher(t.db, failing, createLandmineVectors(t.db, failing)).match({ text: 'price' }),
    ).rejects.toMatchObject({
      statusCode: 502,
      code: MATCH_FAILED,
    });

    const local = createLocalEmbeddingProvider();
    const calls: number[] = [];
    const counting: EmbeddingProvider = {
      model: local.model,
      embed: async (texts) => {
        calls.push(texts.length);
        return local.embed(texts);
      },
    };
    const matcher = createDictionaryMatcher(t.db, counting, createLandmineVectors(t.db, counting));
    await matcher.match({ text: 'too expensive' });
    await matcher.match({ text: 'too expensive' });
    // first call: the phrase, then every active landmine's texts; second: the phrase only
    expect(calls.length).toBe(3);
    expect(calls[1]).toBeGreaterThan(1);
    expect(calls[2]).toBe(1);
  });
});
