import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import * as dbSchema from '../../server/db/schema';
import { apiErrorSchema } from '../../src/contract/common';
import { testApp, type TestApp } from '../support/apiApp';
import { createKey, sessionBody } from '../support/assistant';
import { example, HOSTILE_TEXTS, mutated, plausible, textLeaves, urlText, wrongType } from '../support/fuzzArbitraries';

/**
 * docs/security.md "Input" for the assistant's API and its admin routes: requests
 * generated from each route's zod schemas. Invalid ones get a 4xx `{ error, message }` and
 * change nothing; hostile text in any text field never gets a 5xx.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = 60;
const PARTS = ['params', 'body'] as const;
type Part = (typeof PARTS)[number];
interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  schemas: Partial<Record<Part, z.ZodType>>;
}

const isOurs = (url: string) =>
  url.startsWith('/api/assistant/') || url.startsWith('/api/admin/api-keys') || url === '/api/admin/config-version';

/** A path or query value as it travels: text as is, anything else as JSON. */
const wire = (value: unknown) => urlText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const tableCounts = async (t: TestApp) => {
  const tables = Object.values(dbSchema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [getTableName(table), (await t.db.select({ n: count() }).from(table))[0].n] as const)),
  );
};

describe('route fuzz: the assistant API and service-key routes, generated from their schemas', () => {
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  let keyHeaders: Record<string, string>;
  const routes: FuzzRoute[] = [];
  const fixtures: Record<string, string> = {};
  let emails = 0;
  const freshEmail = () => {
    emails += 1;
    return `fuzz-assistant-${emails}@example.com`;
  };
  const counts = { routes: 0, invalid: 0, hostile: 0, hostile2xx: 0, hostile4xx: 0 };

  beforeAll(async () => {
    t = await testApp('pglite', {
      onRoute: (route: RouteOptions) => {
        if (!isOurs(route.url)) return;
        const schemas = Object.fromEntries(
          PARTS.flatMap((part) => (route.schema?.[part] instanceof z.ZodType ? [[part, route.schema[part]]] : [])),
        );
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && Object.keys(schemas).length > 0) routes.push({ method, url: route.url, schemas });
      },
    });
    adminHeaders = (await t.createAdmin()).headers;
    const key = await createKey(t, adminHeaders);
    keyHeaders = key.headers;
    fixtures.id = (await createKey(t, adminHeaders, ['config:read'], 'target')).id;
    const session = sessionBody({ startTime: '2025-12-31T00:00:00.000Z' });
    expect((await t.app.inject({ method: 'POST', url: '/api/assistant/sessions', headers: keyHeaders, payload: session })).statusCode).toBe(
      201,
    );
    fixtures.sessionId = session.sessionId;
  });
  afterAll(async () => {
    console.log(
      `assistant route fuzz (seed ${SEED}): ${counts.routes} routes, ${counts.invalid} invalid requests, all 4xx; ` +
        `${counts.hostile} hostile requests: ${counts.hostile2xx} x 2xx, ${counts.hostile4xx} x 4xx, no 5xx`,
    );
    await t?.close();
  });

  const validParams = (url: string) => Object.fromEntries([...url.matchAll(/:(\w+)/g)].map(([, name]) => [name, fixtures[name]]));

  const send = (route: FuzzRoute, params: Record<string, unknown>, body?: unknown) =>
    t.app.inject({
      method: route.method,
      url: route.url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(wire(params[name]))),
      headers: { ...(route.url.startsWith('/api/assistant/') ? keyHeaders : adminHeaders), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? '' }),
    });

  it('finds every route of the assistant API with its schemas', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'DELETE /api/admin/api-keys/:id',
      'GET /api/admin/api-keys/:id',
      'POST /api/admin/api-keys',
      'POST /api/assistant/sessions',
      'POST /api/assistant/sessions/:sessionId/complete',
      'POST /api/assistant/sessions/:sessionId/events',
    ]);
  });

  it(`refuses ${RUNS} schema-invalid requests per route and part with a 4xx { error, message }, changing nothing`, async () => {
    const failures: string[] = [];
    counts.routes = routes.length;
    for (const route of routes) {
      for (const part of PARTS) {
        const schema = route.schemas[part];
        if (!schema) continue;
        const random =
          part === 'body' ? fc.jsonValue() : fc.dictionary(fc.stringMatching(/^[a-z]{1,12}$/), fc.oneof(fc.string(), wrongType));
        const candidates = fc
          .oneof({ weight: 8, arbitrary: mutated(schema) }, { weight: 1, arbitrary: random }, { weight: 1, arbitrary: plausible(schema) })
          .filter((value) => part === 'body' || (typeof value === 'object' && value !== null && !Array.isArray(value)))
          .filter((value) => {
            const delivered =
              part === 'body'
                ? JSON.parse(JSON.stringify(value) ?? 'null')
                : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, wire(v)]));
            return !schema.safeParse(delivered).success;
          });
        const before = await tableCounts(t);
        const details = await fc.check(
          fc.asyncProperty(candidates, async (value) => {
            const params = part === 'params' ? (value as Record<string, unknown>) : validParams(route.url);
            const body = part === 'body' ? value : route.schemas.body && example(route.schemas.body, freshEmail);
            const response = await send(route, params, body);
            counts.invalid += 1;
            expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(apiErrorSchema.safeParse(response.json()).success, response.body).toBe(true);
          }),
          { seed: SEED, numRuns: RUNS },
        );
        if (details.failed)
          failures.push(`${route.method} ${route.url} ${part}: ${(fc.defaultReportMessage(details) ?? '').slice(0, 1_500)}`);
        const after = await tableCounts(t);
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${route.method} ${route.url} ${part} changed the database`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('never answers 5xx to hostile text in any text field (2xx or 4xx are both fine)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const schema = route.schemas.body;
      if (!schema) continue;
      for (const leaf of textLeaves(schema, freshEmail)) {
        for (const text of HOSTILE_TEXTS) {
          const response = await send(route, validParams(route.url), leaf.set(example(schema, freshEmail), text));
          counts.hostile += 1;
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${route.url} ${leaf.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400) {
            counts.hostile4xx += 1;
            if (!apiErrorSchema.safeParse(response.json()).success)
              failures.push(`${route.method} ${route.url} ${leaf.path}: ${response.body.slice(0, 200)}`);
          } else counts.hostile2xx += 1;
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
