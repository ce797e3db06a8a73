import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { seedSessions } from '../../server/seed/sessions';
import { testApp, type TestApp } from '../support/apiApp';

// Bytes on the wire: files compressed at build time and sent as the browser
// accepts them, API JSON compressed above a small size, caching per kind of file.
const SHELL_PRELOAD = '    <script async src="/assets/shell-preload-Qw12Er34.js"></script>\n';
const INDEX_HTML = `<!doctype html><html><head><title>Portal</title>\n${SHELL_PRELOAD}</head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}<script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>`;
const APP_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;

const decode = (encoding: string | undefined, body: Buffer): Buffer => {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  expect(encoding).toBeUndefined();
  return body;
};
const varyList = (vary: unknown) =>
  String(vary ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());

describe('the portal on the wire', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'salescoach-wire-'));
    mkdirSync(join(staticDir, 'assets'));
    // What vite.config.ts's compression step writes: each file, its .br and its .gz.
    for (const [path, text] of [
      ['index.html', INDEX_HTML],
      ['assets/index-Ab12Cd34.js', APP_JS],
    ]) {
      writeFileSync(join(staticDir, path), text);
      writeFileSync(join(staticDir, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(staticDir, `${path}.gz`), gzipSync(text));
    }
    writeFileSync(join(staticDir, 'assets', 'tiny-Zz99.css'), 'a{}');
    t = await testApp('pglite', { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-Ab12Cd34.js', APP_JS],
    ['/', INDEX_HTML],
    ['/sessions/abc-123', INDEX_HTML],
  ])('sends %s as brotli, gzip or as it is, all decoding to the same bytes', async (url, original) => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.statusCode, `${url} ${accept}`).toBe(200);
      expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
      expect(varyList(response.headers.vary), `${url} ${accept}`).toContain('accept-encoding');
      expect(decode(expected, response.rawPayload).toString('utf8')).toBe(original);
      if (expected) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(original));
    }
  });

  it("sends the sign-in pages the document without the shell's preload script, which does nothing there, compressed", async () => {
    const signInDocument = INDEX_HTML.replace(SHELL_PRELOAD, '');
    for (const url of ['/login', '/signup', '/login?next=%2Fsessions']) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(varyList(response.headers.vary), url).toContain('accept-encoding');
        expect(decode(expected, response.rawPayload).toString('utf8'), url).toBe(signInDocument);
        if (expected) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(signInDocument));
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/sessions' })).body).toContain('shell-preload-Qw12Er34.js');
  });

  it('falls back to the file itself when the build made no compressed copy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/tiny-Zz99.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('a{}');
  });

  it('lets hashed assets be kept for a year and has the document and runtime configuration revalidated', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': accept } });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/index.html', '/dashboard', '/runtime-config.js']) {
        const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(page.headers['cache-control'], `${url} ${accept}`).toBe('no-cache');
      }
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/dashboard', '/login']) {
      const get = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const header of ['content-encoding', 'content-type', 'cache-control', 'etag']) {
        expect(head.headers[header], `${url} ${header}`).toBe(get.headers[header]);
      }
    }
  });

  it('answers a revalidation with 304 and no body when nothing changed', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/dashboard', '/login', '/runtime-config.js']) {
      const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^(W\/)?".+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      const stale = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' } });
      expect(stale.statusCode, url).toBe(200);
    }
  });

  it('gives each encoding of a file its own ETag, so a cache never mixes them up', async () => {
    const tags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': accept } });
      tags.add(String(response.headers.etag));
    }
    expect(tags.size).toBe(3);
  });

  describe('API answers', () => {
    let headers: Record<string, string>;
    beforeAll(async () => {
      headers = (await t.createAdmin()).headers;
      await seedSessions({ db: t.db, count: 60, seed: 7 });
    });

    it('compresses a large JSON answer as the client asks, decoding to the same JSON', async () => {
      const url = '/api/admin/sessions?page=1&limit=50';
      const plain = await t.app.inject({ method: 'GET', url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(4096);
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=1, br;q=0.1', 'gzip'],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding'], accept).toBe(expected);
        expect(varyList(response.headers.vary)).toContain('accept-encoding');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(expected, response.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    });

    it('sends small answers as they are', async () => {
      for (const [url, withAuth] of [
        ['/api/health', false],
        ['/api/admin/sessions?page=1&limit=1', true],
      ] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...(withAuth ? headers : {}), 'accept-encoding': 'br, gzip' },
        });
        expect(response.statusCode, url).toBe(200);
        expect(response.rawPayload.length, url).toBeLessThan(1024);
        expect(response.headers['content-encoding'], url).toBeUndefined();
        expect(() => response.json()).not.toThrow();
      }
    });
  });
});
