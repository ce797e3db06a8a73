import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { dictionaryItems, landmines } from '../../server/db/schema';
import { apiErrorSchema } from '../../src/contract/common';
import { dictionaryItemResponseSchema } from '../../src/contract/dictionary';
import { landmineResponseSchema } from '../../src/contract/landmines';
import { testApp, type TestApp } from '../support/apiApp';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_422);
const RUNS = 120;
// A custom reporter replaces fast-check's own, which throws: this one must throw too.
const report = <T>(details: fc.RunDetails<T>) => {
  if (details.failed) throw new Error(`fuzz failed; replay with FUZZ_SEED=${SEED}\n${fc.defaultReportMessage(details)}`);
};

const scalar = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 10_001, max: 20_000 }).map((length) => 'x'.repeat(length)),
  fc.constant(''),
  fc.constant('   '),
  fc.constant('\u0000'),
  fc.constant('a\u0000b'),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const text = fc.string({ minLength: 1, maxLength: 50 }).filter((value) => value.trim() !== '' && !value.includes('\u0000'));

const validObjection = fc.record({ question: text, answer: text, category: fc.constant('Original') });
const invalidObjection = fc.oneof(
  validObjection.chain((body) => fc.constantFrom('question', 'answer').chain((key) => scalar.map((value) => ({ ...body, [key]: value })))),
  validObjection.chain((body) =>
    scalar
      .filter((value) => typeof value !== 'string' || value.length > 200 || value.includes('\u0000'))
      .map((value) => ({ ...body, category: value })),
  ),
  validObjection.chain((body) => fc.constantFrom('question', 'answer').map((key) => ({ ...body, [key]: undefined }))),
  validObjection.chain((body) =>
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((key) => !['question', 'answer', 'category', 'isOriginal', 'parentId'].includes(key))
      .map((key) => ({ ...body, [key]: 1 })),
  ),
  validObjection.chain((body) => scalar.filter((value) => typeof value !== 'boolean').map((value) => ({ ...body, isOriginal: value }))),
  validObjection.chain((body) => fc.oneof(fc.string(), fc.integer()).map((value) => ({ ...body, parentId: value }))),
  scalar.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
);

const validLandmine = fc.record({ trigger: text, category: text });
const invalidLandmine = fc.oneof(
  validLandmine
    .chain((body) => fc.constantFrom('trigger', 'category').chain((key) => scalar.map((value) => ({ ...body, [key]: value }))))
    .filter(
      (body) =>
        typeof body.trigger !== 'string' ||
        typeof body.category !== 'string' ||
        body.trigger.length > 200 ||
        body.category.length > 200 ||
        `${body.trigger}${body.category}`.includes('\u0000') ||
        body.trigger.trim() === '' ||
        body.category.trim() === '',
    ),
  validLandmine.chain((body) =>
    fc
      .string({ maxLength: 10 })
      .filter((value) => !['high', 'medium', 'low'].includes(value))
      .map((value) => ({ ...body, priority: value })),
  ),
  validLandmine.chain((body) =>
    scalar
      .filter((value) => !Array.isArray(value) || value.length > 0)
      .map((value) => ({ ...body, canSay: Array.isArray(value) ? value.map(() => ({ point: 1 })) : value })),
  ),
  validLandmine.chain((body) =>
    fc
      .string({ maxLength: 10 })
      .filter((value) => !['general', 'legal_risk', 'compliance_risk', 'brand_risk'].includes(value))
      .map((severity) => ({ ...body, cannotSay: [{ point: 'p', severity }] })),
  ),
  validLandmine.chain((body) =>
    fc.integer({ min: 51, max: 80 }).map((length) => ({ ...body, triggerVariations: Array.from({ length }, (_, i) => `v${i}`) })),
  ),
  validLandmine.chain((body) => scalar.filter((value) => typeof value !== 'boolean').map((value) => ({ ...body, isActive: value }))),
  validLandmine.chain((body) =>
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter(
        (key) => !['trigger', 'category', 'triggerVariations', 'priority', 'canSay', 'cannotSay', 'quickTips', 'isActive'].includes(key),
      )
      .map((key) => ({ ...body, [key]: 1 })),
  ),
  scalar.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
);

describe('fuzzing the dictionary and landmine writes', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await testApp('pglite');
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const post = (url: string, body: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? '' });
  const expectRefused = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
  };

  it(`refuses ${RUNS} invalid objection bodies with a 4xx and never a 5xx (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(invalidObjection, async (body) => expectRefused(await post('/api/dictionary/objections', body))),
      { seed: SEED, numRuns: RUNS, reporter: report },
    );
    expect((await t.db.select({ n: count() }).from(dictionaryItems))[0].n).toBe(0);
  });

  it(`refuses ${RUNS} invalid landmine bodies with a 4xx and never a 5xx (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(invalidLandmine, async (body) => expectRefused(await post('/api/landmines', body))),
      { seed: SEED, numRuns: RUNS, reporter: report },
    );
    expect((await t.db.select({ n: count() }).from(landmines))[0].n).toBe(0);
  });

  it('accepts 100 valid generated objection and landmine bodies in the response schemas', async () => {
    await fc.assert(
      fc.asyncProperty(validObjection, validLandmine, async (objection, landmine) => {
        const created = await post('/api/dictionary/objections', objection);
        expect(created.statusCode, created.body).toBe(201);
        dictionaryItemResponseSchema.parse(created.json());
        const mine = await post('/api/landmines', landmine);
        expect(mine.statusCode, mine.body).toBe(201);
        expect(landmineResponseSchema.parse(mine.json()).landmine.trigger).toBe(landmine.trigger.trim());
      }),
      { seed: SEED, numRuns: 100, reporter: report },
    );
  });

  it('never answers 5xx to random search texts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (search) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/dictionary/objections/grouped?search=${encodeURIComponent(search)}`,
          headers,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        const mines = await t.app.inject({ method: 'GET', url: `/api/landmines?search=${encodeURIComponent(search)}`, headers });
        expect(mines.statusCode, mines.body).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: 100, reporter: report },
    );
  });
});
