import { testApp, type TestApp } from '../support/apiApp';
import { TEST_PASSWORD, uniqueEmail } from '../support/identity';

describe('admin users: reset-password rate limit per admin uid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { rateLimit: { max: 1_000, timeWindowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  it('answers 429 with retry-after after 10 resets a minute by one admin; another admin is not affected', async () => {
    const first = await t.createAdmin();
    const second = await t.createAdmin();
    const target = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: first.headers,
      payload: { email: uniqueEmail('target'), password: TEST_PASSWORD, name: 'Target' },
    });
    const url = `/api/admin/users/${target.json().data._id}/reset-password`;
    const reset = (headers: Record<string, string>, n: number) =>
      t.app.inject({ method: 'POST', url, headers, payload: { newPassword: `Pass-word-${n}` } });
    for (let n = 0; n < 10; n += 1) {
      const response = await reset(first.headers, n);
      expect(response.statusCode, `reset ${n}: ${response.body}`).toBe(200);
    }
    const limited = await reset(first.headers, 10);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await reset(second.headers, 11)).statusCode).toBe(200);
  }, 90_000);
});
