import fc from 'fast-check';
import { apiErrorSchema } from '../../src/contract/common';
import { speechRateGetResponseSchema } from '../../src/contract/speechRate';
import { testApp, type TestApp } from '../support/apiApp';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_422);
const RUNS = 150;

const scalar = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constant('\u0000'),
  fc.constant('<img src=x onerror=alert(1)>'),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const outOfRange = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 121 }), fc.double({ min: 1.01, max: 119.99, noInteger: true }));
const valid = fc.record({
  enabled: fc.boolean(),
  time_window: fc.integer({ min: 1, max: 120 }),
  max_words: fc.integer({ min: 1, max: 500 }),
});

/** Bodies that must all be refused: wrong types, out of range, extra keys, missing keys, non-objects. */
const invalidBody = fc.oneof(
  valid
    .chain((body) =>
      fc.constantFrom('enabled', 'time_window', 'max_words').chain((key) => scalar.map((value) => ({ ...body, [key]: value }))),
    )
    .filter((body) => typeof body.enabled !== 'boolean' || !Number.isInteger(body.time_window) || !Number.isInteger(body.max_words)),
  valid.chain((body) => outOfRange.map((value) => ({ ...body, time_window: value }))),
  valid.chain((body) => fc.integer({ min: 501 }).map((value) => ({ ...body, max_words: value }))),
  valid.chain((body) =>
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((key) => !(key in body))
      .map((key) => ({ ...body, [key]: 1 })),
  ),
  valid.chain((body) => fc.constantFrom('enabled', 'time_window', 'max_words').map((key) => ({ ...body, [key]: undefined }))),
  scalar.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
);

describe('fuzzing PUT /api/speech-rate', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await testApp('pglite');
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  it(`refuses ${RUNS} invalid bodies with a 4xx { error, message } and never a 5xx (seed ${SEED})`, async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers })).json();
    await fc.assert(
      fc.asyncProperty(invalidBody, async (body) => {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/speech-rate',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? '',
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
      }),
      {
        seed: SEED,
        numRuns: RUNS,
        // A custom reporter replaces fast-check's own, which throws: this one must throw too.
        reporter: (details) => {
          if (details.failed) throw new Error(`fuzz failed; replay with FUZZ_SEED=${SEED}\n${fc.defaultReportMessage(details)}`);
        },
      },
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers })).json()).toEqual(before);
  });

  it('accepts 100 valid bodies and answers them in the response schema', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (body) => {
        const response = await t.app.inject({ method: 'PUT', url: '/api/speech-rate', headers, payload: body });
        expect(response.statusCode).toBe(200);
        // the saved settings and their new version
        expect(speechRateGetResponseSchema.parse(response.json()).data).toEqual({ ...body, version: expect.any(Number) });
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
