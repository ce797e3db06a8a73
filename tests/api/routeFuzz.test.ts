import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import * as dbSchema from '../../server/db/schema';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { apiErrorSchema, INVALID_TEXT_MESSAGE } from '../../src/contract/common';
import { testApp, type TestApp } from '../support/apiApp';
import { example, HOSTILE_TEXTS, mutated, plausible, RAW_URL_TEXTS, textLeaves, wrongType } from '../support/fuzzArbitraries';
import {
  delivered,
  type FuzzRequest,
  type FuzzRoute,
  isAssistantRoute,
  isRecord,
  type Part,
  PARTS,
  pathOf,
  searchOf,
  tableCounts,
} from '../support/fuzzRequests';

/**
 * docs/security.md "Input", for every route: requests generated from the route's own zod
 * schemas. Phase 1 sends at least RUNS requests per schema part that the schema refuses and
 * expects a 4xx `{ error, message }` with the database unchanged; phase 2 plants hostile
 * strings in every text field and query filter and expects anything but a 5xx.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_422);
const RUNS = 100;
/**
 * Schema parts (phase 1) or routes (phase 2) fuzzed at once: a request mostly waits for the
 * Auth emulator, so they overlap well. Phase 1 compares the database around each group.
 */
const PARALLEL_PARTS = 4;

describe('route fuzz: every route, generated from its own schemas', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const routes: FuzzRoute[] = [];
  /** /api routes without a params, query or body schema: nothing of theirs to generate. */
  const withoutSchema: string[] = [];
  const fixtures: Record<string, string> = {};
  const runId = randomUUID().slice(0, 8);
  let emails = 0;
  const freshEmail = () => {
    emails += 1;
    return `fuzz-${runId}-${emails}@example.com`;
  };
  const counts = { routes: 0, invalid: 0, invalid4xx: 0, hostile: 0, hostile2xx: 0, hostile4xx: 0, server5xx: 0 };

  beforeAll(async () => {
    t = await testApp('pglite', {
      onRoute: (route: RouteOptions) => {
        const schemas = Object.fromEntries(
          PARTS.flatMap((part) => (route.schema?.[part] instanceof z.ZodType ? [[part, route.schema[part]]] : [])),
        );
        if (!route.url.startsWith('/api') || isAssistantRoute(route.url)) return;
        for (const method of [route.method].flat()) {
          if (Object.keys(schemas).length === 0) withoutSchema.push(`${method} ${route.url}`);
          else routes.push({ method, url: route.url, schemas });
        }
      },
    });
    headers = (await t.createAdmin()).headers;
    const create = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    fixtures.objection = (
      await create('/api/dictionary/objections', { question: 'Too expensive?', answer: 'Look at the savings.' })
    ).data._id;
    fixtures.faq = (await create('/api/dictionary/faqs', { question: 'Does it integrate?', answer: 'Yes.' })).data._id;
    fixtures.landmine = (await create('/api/landmines', { trigger: 'guaranteed returns', category: 'Legal' })).landmine._id;
    fixtures.battlecard = (await create('/api/battlecards', { name: 'Fuzz competitor' })).id;
    fixtures.user = (await create('/api/admin/users', { email: freshEmail(), password: 'Start-pass-1', name: 'Fuzz Target' })).data._id;
    const [session] = [...generateSessions(0, 1, { seed: 7, now: Date.parse('2026-05-01T12:00:00Z'), withDetail: 1 })];
    await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    fixtures.session = session.sessionId;
    const [said] = session.detail!.transcripts;
    fixtures.label = (
      await create('/api/phrase-labels', { sessionId: session.sessionId, text: said.text, speaker: said.speaker, kind: 'nothing' })
    ).id;
    const [heard] = await t.db
      .select({ id: dbSchema.sessions.id })
      .from(dbSchema.sessions)
      .where(eq(dbSchema.sessions.sessionId, session.sessionId));
    const [suggestion] = await t.db
      .insert(dbSchema.variationSuggestions)
      .values({
        sessionId: heard.id,
        seq: 0,
        itemId: fixtures.objection,
        text: said.text,
        score: 0.5,
        reason: 'belowThreshold',
        model: 'fuzz',
      })
      .returning({ id: dbSchema.variationSuggestions.id });
    fixtures.suggestion = suggestion.id;
    const [audit] = await t.db.select({ id: dbSchema.auditLog.id }).from(dbSchema.auditLog).orderBy(desc(dbSchema.auditLog.id)).limit(1);
    fixtures.audit = String(audit.id);
    const [inquiry] = await t.db
      .insert(dbSchema.insightInquiryPhrases)
      .values({ normalized: `fuzz inquiry ${runId}`, text: 'Can it fuzz?' })
      .returning({ id: dbSchema.insightInquiryPhrases.id });
    fixtures.inquiry = inquiry.id;
  });
  afterAll(async () => {
    const heads = routes.filter((route) => route.method === 'HEAD').length;
    console.log(
      `route fuzz (seed ${SEED}): ${counts.routes} routes (${heads} of them HEAD), ${counts.invalid} invalid requests: ${counts.invalid4xx} x 4xx; ` +
        `${counts.hostile} hostile requests: ${counts.hostile2xx} x 2xx, ${counts.hostile4xx} x 4xx; ${counts.server5xx} x 5xx. ` +
        `Without request schemas: ${withoutSchema.join(', ')}`,
    );
    await t?.close();
  });

  /** Real rows for the route's path parameters (created in beforeAll). */
  const validParams = (url: string): Record<string, string> => {
    const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
    if (names.length === 0) return {};
    const byPrefix: [string, Record<string, string>][] = [
      ['/api/dictionary/objections/', { id: fixtures.objection }],
      ['/api/dictionary/faqs/', { id: fixtures.faq }],
      ['/api/landmines/', { id: fixtures.landmine }],
      ['/api/admin/users/', { id: fixtures.user }],
      ['/api/admin/sessions/', { sessionId: fixtures.session }],
      ['/api/admin/audit/', { id: fixtures.audit }],
      ['/api/battlecards/', { id: fixtures.battlecard }],
      ['/api/phrase-labels/', { id: fixtures.label }],
      ['/api/dictionary/suggestions/', { id: fixtures.suggestion }],
      ['/api/insights/reps/', { rep: 'fuzz.rep@example.test' }],
      ['/api/insights/inquiries/', { key: fixtures.inquiry }],
    ];
    const found = byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1];
    if (!found || names.some((name) => !(name in found)))
      throw new Error(`No fixture for the parameters of ${url}: add one to validParams`);
    return found;
  };

  const send = (route: FuzzRoute, request: FuzzRequest) => {
    const hasBody = 'body' in request;
    return t.app.inject({
      method: route.method,
      url: pathOf(route.url, request.params, request.raw?.params) + searchOf(request.query, request.raw?.query),
      headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(hasBody ? { payload: JSON.stringify(request.body) ?? '' } : {}),
    });
  };

  /** The rest of a request around the part being fuzzed: real params, a plausible body. */
  const around = (route: FuzzRoute, part: Part, value: unknown): FuzzRequest => {
    const request: FuzzRequest = { params: validParams(route.url) };
    if (route.schemas.body) request.body = example(route.schemas.body, freshEmail);
    if (part === 'params') request.params = value as Record<string, unknown>;
    else if (part === 'querystring') request.query = value as Record<string, unknown>;
    else request.body = value;
    return request;
  };

  const label = (route: FuzzRoute) => `${route.method} ${route.url}`;

  it('finds the API routes with schemas (the inventory is not empty)', () => {
    expect(routes.map(label)).toEqual(expect.arrayContaining(['PUT /api/speech-rate', 'GET /api/admin/audit', 'POST /api/admin/users']));
  });

  it(`refuses ${RUNS} schema-invalid requests per route and part with a 4xx { error, message }, changing nothing (seed ${SEED})`, async () => {
    const failures: string[] = [];
    const fuzzPart = async (route: FuzzRoute, part: Part, schema: z.ZodType) => {
      const random = part === 'body' ? fc.jsonValue() : fc.dictionary(fc.stringMatching(/^[a-z]{1,12}$/), fc.oneof(fc.string(), wrongType));
      const candidates = fc
        .oneof({ weight: 8, arbitrary: mutated(schema) }, { weight: 1, arbitrary: random }, { weight: 1, arbitrary: plausible(schema) })
        .filter((value) => part === 'body' || isRecord(value))
        .filter((value) => !schema.safeParse(delivered(part, value)).success);
      // fc.check, not fc.assert with a reporter: a custom reporter replaces the one that throws.
      const details = await fc.check(
        fc.asyncProperty(candidates, async (value) => {
          const response = await send(route, around(route, part, value));
          counts.invalid += 1;
          if (response.statusCode >= 500) counts.server5xx += 1;
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          counts.invalid4xx += 1;
          if (route.method !== 'HEAD') expect(apiErrorSchema.safeParse(response.json()).success, response.body).toBe(true);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      if (details.failed)
        failures.push(
          `${label(route)} ${part}: replay with FUZZ_SEED=${SEED}\n${(fc.defaultReportMessage(details) ?? '').slice(0, 2_000)}`,
        );
    };
    counts.routes = routes.length;
    const tasks = routes.flatMap((route) =>
      PARTS.flatMap((part) => {
        const schema = route.schemas[part];
        return schema ? [{ route, part, schema }] : [];
      }),
    );
    for (let start = 0; start < tasks.length; start += PARALLEL_PARTS) {
      const batch = tasks.slice(start, start + PARALLEL_PARTS);
      const before = await tableCounts(t);
      await Promise.all(batch.map(({ route, part, schema }) => fuzzPart(route, part, schema)));
      const after = await tableCounts(t);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        failures.push(
          `${batch.map(({ route, part }) => `${label(route)} ${part}`).join(', ')} changed the database: ${JSON.stringify({ before, after })}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers the cases that were 500s with 400 naming the field: unpaired surrogates in updates, audit dates in years 0000 and 9999', async () => {
    const auditFilter = (filter: object) => `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const cases: [HTTPMethods, string, object | undefined, string, string][] = [
      [
        'PUT',
        `/api/dictionary/objections/${fixtures.objection}`,
        { question: 'Too expensive \uD800', answer: 'a' },
        'body.question',
        INVALID_TEXT_MESSAGE,
      ],
      ['PUT', `/api/dictionary/faqs/${fixtures.faq}`, { question: 'q', answer: '\uDC00' }, 'body.answer', INVALID_TEXT_MESSAGE],
      [
        'PUT',
        `/api/landmines/${fixtures.landmine}`,
        { trigger: 't', category: 'c', canSay: [{ point: 'x\uD800' }] },
        'body.canSay.0.point',
        INVALID_TEXT_MESSAGE,
      ],
      ['PUT', `/api/admin/users/${fixtures.user}`, { name: '\uDBFF', role: 'user', isActive: true }, 'body.name', INVALID_TEXT_MESSAGE],
      ['GET', auditFilter({ actorEmail: 'a\u0000' }), undefined, 'filter.actorEmail', INVALID_TEXT_MESSAGE],
      ['GET', auditFilter({ at_gte: '0000-01-01' }), undefined, 'filter.at_gte', 'Must be a date between 1970-01-01 and 2100-12-31'],
      ['GET', auditFilter({ at_lte: '9999-12-31' }), undefined, 'filter.at_lte', 'Must be a date between 1970-01-01 and 2100-12-31'],
      [
        'GET',
        auditFilter({ at_lte: '9999-12-31T23:59:59.999Z' }),
        undefined,
        'filter.at_lte',
        'Must be a date between 1970-01-01 and 2100-12-31',
      ],
    ];
    const before = await tableCounts(t);
    for (const [method, url, payload, field, message] of cases) {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining(`${field}: ${message}`) });
    }
    expect(await tableCounts(t)).toEqual(before);
  });

  it('never answers 5xx to hostile text in any text field or query filter (2xx or 4xx are both fine)', async () => {
    const failures: string[] = [];
    const check = async (route: FuzzRoute, what: string, request: FuzzRequest) => {
      const response = await send(route, request);
      counts.hostile += 1;
      if (response.statusCode >= 500) {
        counts.server5xx += 1;
        failures.push(`${label(route)} ${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      } else if (response.statusCode >= 400) {
        counts.hostile4xx += 1;
        if (route.method !== 'HEAD' && !apiErrorSchema.safeParse(response.json()).success)
          failures.push(`${label(route)} ${what}: ${response.body.slice(0, 200)}`);
      } else {
        counts.hostile2xx += 1;
      }
    };
    /** Every hostile value in every text field of the route's query and body, and raw bytes in its URL. */
    const hostileRequests = (route: FuzzRoute): { what: string; request: FuzzRequest }[] => {
      const requests: { what: string; request: FuzzRequest }[] = [];
      for (const part of ['querystring', 'body'] as const) {
        const schema = route.schemas[part];
        if (!schema) continue;
        for (const leaf of textLeaves(schema, freshEmail)) {
          for (const text of HOSTILE_TEXTS) {
            requests.push({
              what: `${part} ${leaf.path} = ${JSON.stringify(text.slice(0, 30))}`,
              request: around(route, part, leaf.set(example(schema, freshEmail), text)),
            });
          }
        }
        if (part === 'querystring' && schema instanceof z.ZodObject) {
          for (const key of Object.keys(schema.shape)) {
            for (const text of RAW_URL_TEXTS)
              requests.push({ what: `query ${key} = ${text}`, request: { ...around(route, part, {}), raw: { query: { [key]: text } } } });
          }
        }
      }
      for (const name of Object.keys(validParams(route.url))) {
        for (const text of RAW_URL_TEXTS) {
          requests.push({
            what: `param ${name} = ${text}`,
            request: { ...around(route, 'params', validParams(route.url)), raw: { params: { [name]: text } } },
          });
        }
      }
      return requests;
    };
    // HEAD runs the GET route's handler (phase 1 covers its validation). One route per worker,
    // its requests in order.
    const queue = routes.filter((route) => route.method !== 'HEAD');
    const worker = async () => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        for (const { what, request } of hostileRequests(route)) await check(route, what, request);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
    expect(failures).toEqual([]);
  }, 180_000);
});
