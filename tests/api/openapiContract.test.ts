import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { desc } from 'drizzle-orm';
import * as dbSchema from '../../server/db/schema';
import { API_ERROR_COMPONENT, OPENAPI_PATHS, SECURITY_SCHEMES } from '../../server/plugins/openapi';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey, sessionBody } from '../support/assistant';
import { createJudge, type JsonSchema, mutationOf, allowedValue } from '../support/fuzzOpenApi';
import { urlText } from '../support/fuzzValues';

/**
 * The OpenAPI document as a generated client reads it (docs/api.md "Errors"): every operation is
 * fuzzed from the document alone, with values its schemas allow and mutations of them, as an
 * admin, with a service key, and without credentials. Every answer must be a status the
 * operation documents, with a body its schema for that status allows, and never a 5xx; no
 * request the document allows may be refused by the server's request validation (a 400 naming
 * fields in `details`). A 400 without `details` is a rule about stored records (a variation of a
 * variation, an event before its session's start), which no schema can say.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** Requests per operation and database: enough for each part's mutations, modest on 2 cores. */
const RUNS = 10;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
  content?: Record<string, { schema: JsonSchema }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  'x-query-rules'?: JsonSchema;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  mutated: boolean;
}

const schemaOf = (parameter: Parameter): JsonSchema => parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema ?? {};
const isJsonParameter = (parameter: Parameter) => parameter.content !== undefined;
const NUMERIC = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A parameter value as the URL carries it: JSON for content parameters, text otherwise. */
const wire = (parameter: Parameter, value: unknown) =>
  urlText(isJsonParameter(parameter) || typeof value !== 'string' ? (JSON.stringify(value) ?? '') : value);

/** What the document's schema is asked about: the URL text read back as its schema's type. */
const readBack = (parameter: Parameter, text: string): unknown => {
  if (isJsonParameter(parameter)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  const type = schemaOf(parameter).type;
  return (type === 'integer' || type === 'number') && NUMERIC.test(text) ? Number(text) : text;
};

describe.each(DB_KINDS)('the OpenAPI document holds for every operation, fuzzed from it alone (%s)', (kind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  const credentials: Record<string, Record<string, string>> = {};
  const fixtures: Record<string, string> = {};

  beforeAll(async () => {
    t = await testApp(kind);
    const admin = await t.createAdmin();
    credentials.admin = admin.headers;
    credentials.assistant = (await createKey(t, admin.headers)).headers;
    credentials.readOnlyKey = (await createKey(t, admin.headers, ['config:read'], 'read only')).headers;
    const create = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    fixtures.objection = (await create('/api/dictionary/objections', { question: 'Too expensive?', answer: 'Savings.' })).data._id;
    fixtures.faq = (await create('/api/dictionary/faqs', { question: 'Does it integrate?', answer: 'Yes.' })).data._id;
    fixtures.landmine = (await create('/api/landmines', { trigger: 'guaranteed returns', category: 'Legal' })).landmine._id;
    const email = `contract-${randomUUID().slice(0, 8)}@example.com`;
    fixtures.user = (await create('/api/admin/users', { email, password: 'Start-pass-1', name: 'Contract Target' })).data._id;
    fixtures.apiKey = (await createKey(t, admin.headers, ['config:read'], 'target')).id;
    const [session] = [...generateSessions(0, 1, { seed: 7, now: Date.parse('2026-05-01T12:00:00Z'), withDetail: 1 })];
    await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    fixtures.session = session.sessionId;
    // Starts at the first instant the document allows, so no event it allows comes before the start.
    const live = sessionBody({ startTime: '1970-01-01T00:00:00.000Z' });
    const started = await t.app.inject({ method: 'POST', url: '/api/assistant/sessions', headers: credentials.assistant, payload: live });
    expect(started.statusCode, started.body).toBe(201);
    fixtures.liveSession = live.sessionId;
    const [audit] = await t.db.select({ id: dbSchema.auditLog.id }).from(dbSchema.auditLog).orderBy(desc(dbSchema.auditLog.id)).limit(1);
    fixtures.audit = String(audit.id);

    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATHS.document });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t?.close());

  /** A real record for a path parameter, where the path names one the fixtures have. */
  const fixtureFor = (path: string, name: string): string | undefined => {
    if (path.startsWith('/api/assistant/sessions/')) return fixtures.liveSession;
    const byPrefix: [string, string][] = [
      ['/api/dictionary/objections/', fixtures.objection],
      ['/api/dictionary/faqs/', fixtures.faq],
      ['/api/landmines/', fixtures.landmine],
      ['/api/admin/users/', fixtures.user],
      ['/api/admin/sessions/', fixtures.session],
      ['/api/admin/audit/', fixtures.audit],
      ['/api/admin/api-keys/', fixtures.apiKey],
    ];
    return name === 'id' || name === 'sessionId' ? byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] : undefined;
  };

  it('documents every error answer with the shared ApiError body', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '500']));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.['application/json'].schema).toEqual({ $ref: `#/components/schemas/${API_ERROR_COMPONENT}` });
        }
      }
      if (operation.security?.length) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
    expect(document.components.schemas[API_ERROR_COMPONENT]).toMatchObject({ required: ['error', 'message'] });
  });

  it('documents that bulk ids repeated in another case are refused, as the server refuses them', async () => {
    const path = '/api/dictionary/objections/bulk-delete';
    const operation = document.paths[path]?.post as unknown as { requestBody: { content: Record<string, { schema: JsonSchema }> } };
    const body = operation.requestBody.content['application/json'].schema;
    const judge = createJudge(document.components as unknown as JsonSchema);
    const id = fixtures.objection;
    expect(judge(body, { ids: [id] }).valid).toBe(true);
    expect(judge(body, { ids: [id.toLowerCase(), id.toUpperCase()] }).valid).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: path,
      headers: credentials.admin,
      payload: { ids: [id.toLowerCase(), id.toUpperCase()] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it(`answers ${RUNS} generated requests per operation only as documented, and refuses none the document allows (seed ${SEED})`, async () => {
    const judge = createJudge(document.components as unknown as JsonSchema);
    const failures: string[] = [];
    let sent = 0;
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase() as HTTPMethods, operation })),
    );
    // Deletions last, so the records they remove have served the other operations first.
    operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    for (const [index, { path, method, operation }] of operations.entries()) {
      const label = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const partOf = (where: 'path' | 'query') =>
        fc.record(
          Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === where)
              .map((parameter) => {
                const generated = allowedValue(schemaOf(parameter), document as unknown as JsonSchema);
                const fixture = fixtureFor(path, parameter.name);
                return [parameter.name, fixture ? fc.oneof({ weight: 3, arbitrary: fc.constant(fixture) }, generated) : generated];
              }),
          ),
          { requiredKeys: parameters.filter((parameter) => parameter.in === where && parameter.required).map((p) => p.name) },
        );
      const valid = fc.record({
        params: partOf('path'),
        query: partOf('query'),
        body: bodySchema ? allowedValue(bodySchema, document as unknown as JsonSchema) : fc.constant(undefined),
      });
      const parts = ['params', 'query', ...(bodySchema ? ['body'] : [])] as const;
      const requests = fc.sample(
        valid.chain((request) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constant<Request>({ ...request, mutated: false }) },
            {
              weight: 2,
              arbitrary: fc
                .constantFrom(...parts)
                .chain((part) =>
                  mutationOf(request[part as keyof typeof request]).map((bad): Request => ({ ...request, [part]: bad, mutated: true })),
                ),
            },
          ),
        ),
        { seed: SEED + index, numRuns: RUNS },
      );

      /** The document's verdict on a request, as the server receives it. */
      const verdict = (request: Request, pathText: Record<string, string>, queryText: Record<string, string>) => {
        for (const parameter of parameters) {
          const text = parameter.in === 'path' ? pathText[parameter.name] : queryText[parameter.name];
          if (parameter.in === 'header') continue;
          if (text === undefined) {
            if (parameter.required) return `${parameter.name} is missing`;
            continue;
          }
          const { valid: ok, errors } = judge(schemaOf(parameter), readBack(parameter, text));
          if (!ok) return `${parameter.name}: ${errors}`;
        }
        const known = new Set(parameters.map((parameter) => parameter.name));
        const unknown = Object.keys(queryText).find((name) => !known.has(name));
        if (unknown !== undefined) return `unknown query parameter ${unknown}`;
        if (operation['x-query-rules']) {
          const query = Object.fromEntries(Object.entries(queryText));
          const { valid: ok, errors } = judge({ type: 'object', ...operation['x-query-rules'] }, query);
          if (!ok) return `query rules: ${errors}`;
        }
        if (bodySchema) {
          if (request.body === undefined) return 'no body';
          const { valid: ok, errors } = judge(bodySchema, JSON.parse(JSON.stringify(request.body)));
          if (!ok) return `body: ${errors}`;
        }
        return null;
      };

      const check = async (request: Request, headers: Record<string, string>, who: string) => {
        const isRecord = (value: unknown): value is Record<string, unknown> =>
          typeof value === 'object' && value !== null && !Array.isArray(value);
        const params = isRecord(request.params) ? request.params : {};
        const query = isRecord(request.query) ? request.query : {};
        const pathText = Object.fromEntries(
          parameters.filter((p) => p.in === 'path').map((p) => [p.name, params[p.name] === undefined ? '' : wire(p, params[p.name])]),
        );
        const queryText = Object.fromEntries(
          Object.entries(query)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => {
              const parameter = parameters.find((p) => p.name === name) ?? { name, in: 'query' as const };
              return [name, wire(parameter, value)];
            }),
        );
        const url =
          path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(pathText[name] ?? '')) +
          (Object.keys(queryText).length > 0 ? `?${new URLSearchParams(queryText).toString()}` : '');
        const hasBody = bodySchema !== undefined && request.body !== undefined;
        const response = await t.app.inject({
          method,
          url,
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(hasBody ? { payload: JSON.stringify(request.body) ?? '' } : {}),
        });
        sent += 1;
        const where = `${label} ${who} ${url.slice(0, 200)} ${hasBody ? (JSON.stringify(request.body) ?? '').slice(0, 300) : ''}`;
        const documented = operation.responses[String(response.statusCode)];
        if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (!documented) {
          failures.push(`${where}: undocumented status ${response.statusCode} ${response.body.slice(0, 300)}`);
          return;
        }
        const schema = documented.content?.['application/json']?.schema;
        if (schema && response.body !== '') {
          const { valid: ok, errors } = judge(schema, response.json());
          if (!ok) failures.push(`${where}: the ${response.statusCode} body breaks its schema (${errors}) ${response.body.slice(0, 300)}`);
        }
        if (who === 'with credentials' && response.statusCode === 400) {
          const allowed = verdict(request, pathText, queryText);
          const { details } = response.json() as { details?: unknown[] };
          if (allowed === null && details !== undefined) {
            failures.push(`${where}: the document allows it, the server refused it: ${response.body.slice(0, 400)}`);
          }
        }
      };

      const security = operation.security?.[0];
      const own = security?.[SECURITY_SCHEMES.assistant] ? credentials.assistant : security ? credentials.admin : {};
      for (const request of requests) await check(request, own, 'with credentials');
      if (security) {
        await check(requests[0], {}, 'without credentials');
        const other = security[SECURITY_SCHEMES.assistant] ? credentials.readOnlyKey : credentials.assistant;
        await check(requests[0], other, 'with the wrong credentials');
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * RUNS);
  }, 120_000);
});

describe("Fastify's and Node's own refusals answer in the API's { error, message } shape", () => {
  let t: TestApp;
  let port: number;
  let judgeError: (value: unknown) => { valid: boolean; errors: string };

  beforeAll(async () => {
    t = await testApp('pglite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATHS.document })).json() as OpenApiDocument;
    const judge = createJudge(document.components as unknown as JsonSchema);
    judgeError = (value) => judge({ $ref: `#/components/schemas/${API_ERROR_COMPONENT}` }, value);
  });
  afterAll(() => t?.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown };
  };

  /** What the server writes on a raw socket for `request`, read until it closes the connection. */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(received));
      socket.on('error', (error) => (received ? resolve(received) : reject(error)));
      socket.write(request);
    });

  it('answers an unknown route, a URL that does not decode and a path parameter over 100 characters', async () => {
    const cases: [string, number, string][] = [
      ['/api/no-such-endpoint', 404, 'NOT_FOUND'],
      ['/api/landmines/%E0%A4%A', 400, 'BAD_REQUEST'],
      [`/api/admin/sessions/${'a'.repeat(101)}`, 414, 'URI_TOO_LONG'],
    ];
    for (const [path, status, error] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      expect(response.type).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ error, message: expect.any(String) });
      expect(judgeError(response.body).errors).toBe('');
    }
  });

  it('answers headers over 16 KB with 431, and bytes that are not HTTP with 400', async () => {
    const tooLarge = await raw(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: ${'x'.repeat(20_000)}\r\n\r\n`);
    const notHttp = await raw('NOT HTTP AT ALL\r\n\r\n');
    for (const [answer, status, error] of [
      [tooLarge, 431, 'HEADERS_TOO_LARGE'],
      [notHttp, 400, 'BAD_REQUEST'],
    ] as const) {
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(body)).toMatchObject({ error, message: expect.any(String) });
      expect(judgeError(JSON.parse(body)).errors).toBe('');
    }
  });
});
