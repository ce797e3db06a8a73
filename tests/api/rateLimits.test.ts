import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testApp, type TestApp } from '../support/apiApp';

// docs/security.md "Traffic": limits stop abuse, not users. 10 API requests a minute per signed-in
// user here, so a fifth of that (2) per address for requests that do not authenticate.
const LIMIT = { max: 10, timeWindowMs: 60_000 };

const expectTooMany = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(response.statusCode).toBe(429);
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    error: 'RATE_LIMITED',
    message: `Too many requests. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
    requestId: expect.any(String),
  });
};

describe('rate limits', () => {
  let staticDir: string;
  beforeAll(() => {
    staticDir = mkdtempSync(join(tmpdir(), 'salescoach-limits-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(staticDir, 'assets', 'app-Bx1y2z.js'), 'console.log(1);');
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  describe('one address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp('pglite', { staticDir, rateLimit: LIMIT });
    });
    afterAll(() => t?.close());

    it('never limits the portal files, the SPA document, the runtime configuration or health', async () => {
      for (const url of ['/assets/app-Bx1y2z.js', '/', '/dashboard', '/runtime-config.js', '/api/health']) {
        const statuses = new Set<number>();
        for (let i = 0; i < 40; i += 1) statuses.add((await t.app.inject({ method: 'GET', url })).statusCode);
        expect([...statuses], url).toEqual([200]);
      }
    });

    it('limits requests that do not authenticate per address, and still lets a signed-in admin in from it', async () => {
      const admin = await t.createAdmin();
      const anonymous = () => t.app.inject({ method: 'GET', url: '/api/speech-rate' });
      expect((await anonymous()).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(
        401,
      );
      expectTooMany(await anonymous());
      // The address is over its unauthenticated budget; the admin behind it counts on their own.
      expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: admin.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    });

    it('limits API requests per verified user, each user on their own budget', async () => {
      const [busy, other] = [await t.createAdmin(), await t.createAdmin()];
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT.max; i += 1) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: busy.headers })).statusCode);
      }
      expect(statuses).toEqual(Array(LIMIT.max).fill(200));
      expectTooMany(await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: busy.headers }));
      expect((await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: other.headers })).statusCode).toBe(200);
    });
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp('pglite', { rateLimit: LIMIT, trustProxy: ['127.0.0.1'] });
    });
    afterAll(() => t?.close());

    it('counts each forwarded client address on its own', async () => {
      const from = (address: string) => t.app.inject({ method: 'GET', url: '/api/speech-rate', headers: { 'x-forwarded-for': address } });
      expect((await from('203.0.113.7')).statusCode).toBe(401);
      expect((await from('203.0.113.7')).statusCode).toBe(401);
      expectTooMany(await from('203.0.113.7'));
      expect((await from('198.51.100.9')).statusCode).toBe(401);
    });
  });
});
