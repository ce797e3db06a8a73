import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

/**
 * A key pays for whole configuration answers, not for requests: past its budget of whole answers
 * in the window it gets 429 with Retry-After, while its conditional polls (304) and other keys
 * go on being answered.
 */
describe.each(DB_KINDS)('whole configuration answers are limited per key (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await testApp(kind, {
      wholeConfigLimit: { max: 3, timeWindowMs: 60_000 },
      metricsScrapeLimit: { max: 2, timeWindowMs: 60_000 },
    });
    admin = (await t.createAdmin()).headers;
  });
  afterAll(() => t?.close());

  const config = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/assistant/config', headers });

  it('answers 429 with Retry-After past the budget; a conditional poll and another key are still answered', async () => {
    const greedy = await createKey(t, admin, ['config:read'], 'greedy');
    const first = await config(greedy.headers);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    for (let i = 0; i < 2; i += 1) expect((await config(greedy.headers)).statusCode).toBe(200);
    const refused = await config(greedy.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
    expect((await config({ ...greedy.headers, 'if-none-match': etag })).statusCode).toBe(304);
    const other = await createKey(t, admin, ['config:read'], 'other');
    expect((await config(other.headers)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to a metrics scraper past its budget; another key still scrapes', async () => {
    const scraper = await createKey(t, admin, ['metrics:read'], 'scraper');
    const scrape = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/metrics', headers });
    for (let i = 0; i < 2; i += 1) expect((await scrape(scraper.headers)).statusCode).toBe(200);
    const refused = await scrape(scraper.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await createKey(t, admin, ['metrics:read'], 'other scraper');
    expect((await scrape(other.headers)).statusCode).toBe(200);
  });
});
