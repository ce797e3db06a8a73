import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { OPENAPI_PATHS, SECURITY_SCHEMES } from '../../server/plugins/openapi';
import { testApp, type TestApp } from '../support/apiApp';

interface Operation {
  security?: Record<string, string[]>[];
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);
/** Fastify's `/x/:id` is OpenAPI's `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every API route a client can call, once per method (Fastify adds a HEAD beside each GET). */
const apiOperations = (routes: RouteOptions[]) =>
  routes
    .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, route })))
    .filter(({ method, url }) => method !== 'HEAD' && isUnder(url, '/api') && !isUnder(url, OPENAPI_PATHS.reference));

/** The registered API operations the document lacks, as "METHOD /url". */
const undocumented = (routes: RouteOptions[], document: OpenApiDocument) =>
  apiOperations(routes)
    .filter(({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()])
    .map(({ method, url }) => `${method} ${url}`);

const fetchDocument = async (t: TestApp): Promise<OpenApiDocument> => {
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATHS.document });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the OpenAPI document and the interactive reference', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await testApp('pglite', { onRoute: (route: RouteOptions) => void routes.push(route) });
    await t.app.ready();
    document = await fetchDocument(t);
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every API route registered on the app, and nothing else', () => {
    const operations = apiOperations(routes);
    expect(operations.map(({ method, url }) => `${method} ${url}`)).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/speech-rate', 'PUT /api/speech-rate', 'GET /api/admin/audit']),
    );
    expect(undocumented(routes, document)).toEqual([]);

    const registered = new Set(operations.map(({ method, url }) => `${method.toLowerCase()} ${openApiPath(url)}`));
    const described = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(described.filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it('has both security schemes and gives each operation the one its route checks', () => {
    expect(document.components.securitySchemes[SECURITY_SCHEMES.admin]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes[SECURITY_SCHEMES.assistant]).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { method, url, route } of apiOperations(routes)) {
      const operation = document.paths[openApiPath(url)][method.toLowerCase()];
      const expected = route.config?.public
        ? []
        : isUnder(url, '/api/assistant') || route.config?.scope
          ? [{ [SECURITY_SCHEMES.assistant]: [(route.config as { scope?: string }).scope] }]
          : [{ [SECURITY_SCHEMES.admin]: [] }];
      expect(operation.security, `${method} ${url}`).toEqual(expected);
      expect(operation.tags, `${method} ${url}`).toHaveLength(1);
    }
    expect(document.paths['/api/speech-rate'].put.security).toEqual([{ [SECURITY_SCHEMES.admin]: [] }]);
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/assistant/config'].get.security).toEqual([{ [SECURITY_SCHEMES.assistant]: ['config:read'] }]);
    expect(document.paths['/api/assistant/sessions/{sessionId}/events'].post.security).toEqual([
      { [SECURITY_SCHEMES.assistant]: ['sessions:write'] },
    ]);
    expect(document.paths['/api/admin/api-keys'].post.security).toEqual([{ [SECURITY_SCHEMES.admin]: [] }]);
    // Prometheus' scrape: a service key with metrics:read, answered in Prometheus' text format
    expect(document.paths['/api/metrics'].get.security).toEqual([{ [SECURITY_SCHEMES.assistant]: ['metrics:read'] }]);
    expect(document.paths['/api/metrics'].get.responses?.['200']).toMatchObject({
      content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
    });
    expect(document.paths['/api/health/ready'].get.security).toEqual([]);
    // Test a phrase and the speech-rate what-if
    expect(document.paths['/api/dictionary/match'].post.security).toEqual([{ [SECURITY_SCHEMES.admin]: [] }]);
    expect(document.paths['/api/speech-rate/preview'].post.security).toEqual([{ [SECURITY_SCHEMES.admin]: [] }]);
  });

  it('generates the shapes from the routes zod schemas (bodies, responses)', () => {
    const put = document.paths['/api/speech-rate'].put;
    expect(put.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { enabled: { type: 'boolean' }, time_window: {}, max_words: {} } },
        },
      },
    });
    expect(put.responses?.['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('would name a route the document leaves out', async () => {
    const other: RouteOptions[] = [];
    const hiding = await testApp('pglite', { onRoute: (route: RouteOptions) => void other.push(route) });
    try {
      // A route kept out of the document, as a route without schemas or a hidden one would be.
      hiding.app.get('/api/undocumented', { schema: { hide: true } }, async () => ({ ok: true }));
      await hiding.app.ready();
      expect(undocumented(other, await fetchDocument(hiding))).toEqual(['GET /api/undocumented']);
    } finally {
      await hiding.close();
    }
  });

  it('leaves only health, the document and the reference public', () => {
    const publicUrls = [...new Set(routes.filter((route) => isUnder(route.url, '/api') && route.config?.public).map((route) => route.url))];
    expect(publicUrls.filter((url) => !isUnder(url, OPENAPI_PATHS.reference)).sort()).toEqual([
      '/api/health',
      '/api/health/ready',
      '/api/openapi.json',
    ]);
    expect(publicUrls).toContain(OPENAPI_PATHS.reference);
  });

  it('serves the interactive reference from its own files, under the portal CSP, without a token', async () => {
    const page = await t.app.inject({ method: 'GET', url: OPENAPI_PATHS.reference });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Every script is a file of ours (the CSP refuses inline ones), none from another host.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes)?.[1] ?? '';
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
    expect(page.body).not.toMatch(/https?:\/\//);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });
});
