import { sessions, variationSuggestions } from '../../server/db/schema';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** Generating variations with the local generator, and its per-admin rate limit (spec 3, docs/api.md). */
describe.each(DB_KINDS)('dictionary: objections and FAQs (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const { call, createObjection, addVariation, rowCount } = dictionaryCalls(() => ({ t, headers }));

  describe('POST /dictionary/{kind}/{id}/generate-variations (local generator)', () => {
    it("proposes what calls said, then related items' phrasings and the question reworded, never the existing, and saves nothing", async () => {
      const hubspot = await createObjection('Do you integrate with HubSpot?');
      await addVariation('objections', hubspot._id, 'Can your tool sync with HubSpot?');
      await addVariation('objections', hubspot._id, 'Does it plug into HubSpot?');
      const parent = await createObjection('Do you integrate with Salesforce?');
      await addVariation('objections', parent._id, 'Does it plug into Salesforce?');
      const [heard] = await t.db
        .insert(sessions)
        .values({
          sessionId: `call-${kind}`,
          sessionName: 'Call',
          userEmail: 'rep@example.com',
          startTime: new Date(),
          duration: 60,
          status: 'completed',
        })
        .returning({ id: sessions.id });
      await t.db.insert(variationSuggestions).values({
        sessionId: heard.id,
        seq: 0,
        itemId: parent._id,
        text: 'can it talk to salesforce',
        score: 0.5,
        reason: 'belowThreshold',
        model: 'm',
      });
      const before = await rowCount();
      const response = await call('POST', `/objections/${parent._id}/generate-variations`, { count: 10 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        variations: ['can it talk to salesforce', 'Can your tool sync with Salesforce?', 'Do you connect with Salesforce?'],
      });
      expect((await call('POST', `/objections/${parent._id}/generate-variations`, { count: 1 })).json().variations).toEqual([
        'can it talk to salesforce',
      ]);
      expect(await rowCount()).toBe(before);
    });

    it('answers none when there is nothing to paraphrase from: no call, no related item, no word to reword', async () => {
      const lone = await createObjection('Send me some information.');
      const response = await call('POST', `/objections/${lone._id}/generate-variations`, { count: 3 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, variations: [] });
    });

    it('refuses counts outside 1-10, variations, unknown and wrong-kind ids', async () => {
      const parent = await createObjection('Generation refusals are too expensive');
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
      payload: { question: 'Is it too expensive to rate limit?', answer: 'Yes' },
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
