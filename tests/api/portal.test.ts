import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testApp, testRuntimeConfig, type TestApp } from '../support/apiApp';
import { useAuthEmulator } from '../support/identity';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

describe('the portal served by the API server', () => {
  let t: TestApp;
  let staticDir: string;
  let emulatorHost: string;

  beforeAll(async () => {
    emulatorHost = useAuthEmulator();
    staticDir = mkdtempSync(join(tmpdir(), 'salescoach-spa-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app");');
    t = await testApp('pglite', { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('publishes the runtime configuration as a script, revalidated on every load', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const match = /^window\.__SALESCOACH_CONFIG__ = (.*);\n$/s.exec(response.body);
    expect(JSON.parse(match![1])).toEqual(testRuntimeConfig(emulatorHost));
    expect(JSON.parse(match![1]).authEmulatorUrl).toBe(`http://${emulatorHost}`);
  });

  it.each(['/', '/dashboard', '/sessions/abc-123', '/login?next=%2Fusers', '/api-keys', '/apis'])(
    'answers GET %s with index.html and the CSP',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        `connect-src 'self' http://${emulatorHost}`,
      ]) {
        expect(csp).toContain(directive);
      }
    },
  );

  it('serves built files as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe('console.log("app");');
  });

  it('lets browsers keep the hashed assets for good and revalidate the document', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/dashboard']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps /api out of the fallback and answers other methods with a JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/not-a-route' },
      { method: 'GET' as const, url: '/api' },
      { method: 'GET' as const, url: '/api?page=1' },
      { method: 'POST' as const, url: '/dashboard' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});

describe('an API server without a built portal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { staticDir: join(tmpdir(), 'salescoach-no-such-dir'), runtimeConfig: testRuntimeConfig(null) });
  });
  afterAll(() => t?.close());

  it('answers page paths with a JSON 404 and points the CSP at Google identity hosts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    const config = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
    expect(config.body).toContain('"authEmulatorUrl":null');
  });
});
