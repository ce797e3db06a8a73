import { sql } from 'drizzle-orm';
import { matchCalibrations } from '../../server/db/schema';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { createSentenceEncoderProvider, SENTENCE_ENCODER_MODEL } from '../../server/services/matching/embeddings';
import { startInquiryGrouping } from '../../server/services/insights/grouping';
import { resolvePeriod } from '../../server/services/insights/period';
import { eraseExpiredSessions } from '../../server/services/retention';
import type { InsightsQueryInput } from '../../src/contract/insights';
import { MATCH_MARGIN } from '../../src/contract/matching';
import { sessionErasureResponseSchema } from '../../src/contract/sessionErasure';
import { DETECTION_CATEGORIES, sessionListResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, detection, sentiment, sessionBody, transcript } from '../support/assistant';
import { bearer, signUp } from '../support/identity';
import { SAME_QUESTION, STANDS_ALONE } from '../support/inquiryPhrasings';
import {
  answersRecomputed,
  expectInsightsMatchSessions,
  grainsDisagreeing,
  readEveryInsight,
  remainingCalls,
  roughly,
} from '../support/insightsAgreement';

/**
 * DELETE /api/admin/sessions/{sessionId} and DELETE /api/admin/sessions?rep= (and the retention's
 * erasure, services/retention.ts): the sessions go with their detail, the audit log keeps their
 * ids, and every insights answer stays what the remaining sessions' own rows say and what
 * aggregates recomputed from scratch say, on generated calls and on calls asking several
 * phrasings of one new-inquiry group (the grouping job's overlap corrections).
 */

const now = Date.parse('2026-03-05T12:00:00Z');
const generated = [...generateSessions(0, 70, { seed: 91, now })];

const [P0, P1, P2, P3] = SAME_QUESTION.portuguese;
const [R0, R1, R2] = SAME_QUESTION.reseller;
const [S0] = STANDS_ALONE;
const template = generated.find((session) => session.detail)!;
let serial = 0;
/** A finished call asking `questions` (new inquiries), on a day of February 2026. */
const inquiryCall = (rep: string, questions: readonly string[]): GeneratedSession => {
  serial += 1;
  const startTime = Date.parse(`2026-02-${String(2 + serial).padStart(2, '0')}T10:00:00Z`);
  return {
    ...template,
    id: `00000000-0000-4000-9000-${String(serial).padStart(12, '0')}`,
    sessionId: `erasure-inquiries-${serial}`,
    sessionName: `Erasure inquiries ${serial}`,
    userEmail: rep,
    startTime,
    duration: 600,
    status: serial % 3 === 0 ? 'failed' : 'completed',
    detail: {
      ...template.detail!,
      transcripts: [],
      sentiment: [],
      alerts: [],
      landmines: [],
      detections: questions.map((question, at) => ({
        t: startTime + (at + 1) * 60_000,
        kind: 'new_inquiry' as const,
        category: DETECTION_CATEGORIES.newInquiry,
        relevanceScore: 0.2,
        question,
        answer: null,
      })),
    },
  };
};
const groupedFirst = [
  inquiryCall('ana@erasure.test', [P0, P1]),
  inquiryCall('ben@erasure.test', [P1, P0, P2]),
  inquiryCall('ana@erasure.test', [R0, R1]),
  inquiryCall('ben@erasure.test', [S0]),
  inquiryCall('ana@erasure.test', [P2, R2]),
];
const groupedAfter = [inquiryCall('ben@erasure.test', [P3, P1, P0]), inquiryCall('ana@erasure.test', [R2, R0, S0])];
const everyCall = [...generated, ...groupedFirst, ...groupedAfter];
const finished = generated.filter((session) => session.status !== 'in_progress');

const last90 = resolvePeriod({ period: '90d' }, now);
const busiest = (() => {
  const calls = new Map<string, number>();
  for (const session of finished) calls.set(session.userEmail, (calls.get(session.userEmail) ?? 0) + 1);
  return [...calls].sort((a, b) => b[1] - a[1])[0][0];
})();
const RANGES = [
  { from: last90.from, to: last90.to },
  { from: '2026-02-01', to: '2026-02-28' },
  { from: '2025-11-10', to: '2025-12-09' },
];
const QUERIES = RANGES.flatMap((range) => [
  range,
  { ...range, status: 'completed' as const },
  { ...range, status: 'failed' as const },
  { ...range, rep: 'ana@erasure.test' },
]);
const ANSWER_QUERIES: InsightsQueryInput[] = [...QUERIES, { ...RANGES[0], rep: busiest }, { from: '2025-09-01', to: '2026-03-05' }];

describe.each(DB_KINDS)('session erasure (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let adminUid: string;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const group = async () => {
    const job = startInquiryGrouping({ db: t.db, provider: createSentenceEncoderProvider() }, { autoStart: false });
    for (let pass = await job.runOnce(); pass > 0; pass = await job.runOnce());
    await job.stop();
  };
  const call = (method: 'GET' | 'DELETE', url: string, extra = headers) => t.app.inject({ method, url, headers: extra });

  /** The insights against the sessions' rows, and against aggregates recomputed from the remaining calls. */
  const expectConsistent = async () => {
    await expectInsightsMatchSessions(t, headers, everyCall, QUERIES);
    const incremental = await readEveryInsight(t, headers, ANSWER_QUERIES);
    const recomputed = await answersRecomputed(t, headers, await remainingCalls(t.db, everyCall), ANSWER_QUERIES);
    expect(roughly(incremental)).toEqual(roughly(recomputed));
    // Each remaining call once in its day's, its week's and its month's rows, overlap corrections included.
    expect(await grainsDisagreeing(t.db)).toEqual([]);
  };

  beforeAll(async () => {
    t = await testApp(kind);
    const admin = await t.createAdmin();
    headers = admin.headers;
    adminUid = admin.uid;
    await t.db.insert(matchCalibrations).values({ model: SENTENCE_ENCODER_MODEL, margin: MATCH_MARGIN, calibratedAt: new Date() });
    expect(await seedDictionary({ db: t.db })).toBe(true);
    await t.db.transaction((tx) => insertSessionBatch(tx, generated));
    for (const session of groupedFirst) await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    await group();
    // Completed once their phrasings are grouped: completion writes their overlap corrections.
    for (const session of groupedAfter) await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    await group();
  }, 600_000);
  afterAll(() => t?.close());

  it('starts from insights that agree with the sessions, with a call counted once per group', async () => {
    const [{ overlaps }] = await rows<{ overlaps: number }>(
      sql`select count(*)::int as overlaps from insight_counts where metric = 'inquiry_overlap'`,
    );
    expect(overlaps).toBeGreaterThan(0);
    await expectConsistent();
  }, 600_000);

  it('erases one session with its detail and its part of the insights, audited with its id', async () => {
    const target = groupedFirst[1];
    // Read once, so the read cache (PGlite) holds the answers the erasure must make stale.
    expect((await call('GET', `/api/admin/sessions/${target.sessionId}`)).statusCode).toBe(200);
    const listed = sessionListResponseSchema.parse((await call('GET', '/api/admin/sessions?limit=1')).json()).pagination.total;
    await readEveryInsight(t, headers, QUERIES.slice(0, 1));

    const response = await call('DELETE', `/api/admin/sessions/${target.sessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(sessionErasureResponseSchema.parse(response.json())).toEqual({
      success: true,
      data: { erased: 1, sessionIds: [target.sessionId] },
    });

    expect((await call('GET', `/api/admin/sessions/${target.sessionId}`)).statusCode).toBe(404);
    expect(sessionListResponseSchema.parse((await call('GET', '/api/admin/sessions?limit=1')).json()).pagination.total).toBe(listed - 1);
    for (const table of [
      'session_transcripts',
      'session_detections',
      'session_sentiment_entries',
      'session_speech_alerts',
      'session_landmine_hits',
      'session_analyses',
      'session_event_seqs',
    ])
      expect(
        (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where session_id = ${target.id}::uuid`))[0]
          .n,
        table,
      ).toBe(0);
    const [audit] = await rows<{ actor_uid: string; action: string; target_id: string; changes: unknown }>(
      sql`select actor_uid, action, target_id, changes from audit_log where action = 'session.erase' order by id desc limit 1`,
    );
    expect(audit).toEqual({
      actor_uid: adminUid,
      action: 'session.erase',
      target_id: target.sessionId,
      changes: { sessionIds: { from: [target.sessionId], to: null } },
    });
    await expectConsistent();

    // Again: there is no such session any more.
    const again = await call('DELETE', `/api/admin/sessions/${target.sessionId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Session not found' });
  }, 600_000);

  it('erases a session still in progress without touching the insights', async () => {
    const live = generated.find((session) => session.status === 'in_progress')!;
    const before = await readEveryInsight(t, headers, QUERIES);
    expect((await call('DELETE', `/api/admin/sessions/${live.sessionId}`)).statusCode).toBe(200);
    expect(await readEveryInsight(t, headers, QUERIES)).toEqual(before);
  }, 600_000);

  it("erases every session of one rep, whatever the email's case, and the phrasings only they asked", async () => {
    const rep = 'ben@erasure.test';
    const theirs = (
      await rows<{ session_id: string }>(sql`select session_id from sessions where user_email = ${rep} order by session_id`)
    ).map((row) => row.session_id);
    expect(theirs.length).toBeGreaterThan(1);
    expect((await rows(sql`select 1 from insight_inquiry_phrases where text = ${S0}`)).length).toBe(1);

    const response = await call('DELETE', `/api/admin/sessions?rep=${encodeURIComponent(rep.toUpperCase())}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = sessionErasureResponseSchema.parse(response.json());
    expect(data.erased).toBe(theirs.length);
    expect([...data.sessionIds].sort()).toEqual(theirs);
    expect(sessionListResponseSchema.parse((await call('GET', `/api/admin/sessions?rep=${rep}`)).json()).pagination.total).toBe(0);
    // S0 is still asked by one of ana's calls; P3 only by ben's.
    expect((await rows(sql`select 1 from insight_inquiry_phrases where text = ${S0}`)).length).toBe(1);
    expect((await rows(sql`select 1 from insight_inquiry_phrases where text = ${P3}`)).length).toBe(0);
    const [audit] = await rows<{
      action: string;
      target_type: string;
      target_id: string;
      changes: { sessions: unknown; sessionIds: { from: string[] } };
    }>(sql`select action, target_type, target_id, changes from audit_log where action = 'session.eraseRep' order by id desc limit 1`);
    expect(audit).toMatchObject({ action: 'session.eraseRep', target_type: 'rep', target_id: rep.toUpperCase() });
    expect(audit.changes.sessions).toEqual({ from: theirs.length, to: 0 });
    expect([...audit.changes.sessionIds.from].sort()).toEqual(theirs);
    await expectConsistent();

    // A generated rep with calls of both statuses over months, answer effects and landmines.
    const many = await call('DELETE', `/api/admin/sessions?rep=${encodeURIComponent(busiest)}`);
    expect(sessionErasureResponseSchema.parse(many.json()).data.erased).toBe(generated.filter((s) => s.userEmail === busiest).length);
    expect((await rows(sql`select 1 from insight_rep_days where rep = ${busiest}`)).length).toBe(0);
    await expectConsistent();

    // Nobody's calls: nothing erased, nothing audited.
    const audits = (await rows(sql`select id from audit_log`)).length;
    const none = await call('DELETE', '/api/admin/sessions?rep=nobody%40erasure.test');
    expect(none.json()).toEqual({ success: true, data: { erased: 0, sessionIds: [] } });
    expect((await rows(sql`select id from audit_log`)).length).toBe(audits);
  }, 600_000);

  it('erases the sessions past the retention with their part of the insights', async () => {
    const cutoff = Date.parse('2025-12-01T00:00:00Z');
    const days = 30;
    const old = (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from sessions where start_time < ${new Date(cutoff).toISOString()}::timestamptz`,
      )
    )[0].n;
    expect(old).toBeGreaterThan(0);
    expect(await eraseExpiredSessions(t.db, days, cutoff + days * 86_400_000)).toBe(old);
    expect((await rows(sql`select 1 from sessions where start_time < ${new Date(cutoff).toISOString()}::timestamptz`)).length).toBe(0);
    await expectConsistent();
  }, 600_000);

  it('refuses a rep erasure without a rep, and answers 404 for an unknown session', async () => {
    const missing = await call('DELETE', '/api/admin/sessions');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'querystring.rep' })] });
    expect((await call('DELETE', '/api/admin/sessions?rep=')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/sessions/no-such-session')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/sessions/not%20an%20id')).statusCode).toBe(400);
  }, 600_000);

  it('erases a call completed through the assistant API by the end it was completed with', async () => {
    const key = (await createKey(t, headers, ['sessions:write'])).headers;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
    const rep = 'ana@erasure.test';
    const queries = [{ from: '2026-03-02', to: '2026-03-02' }, { from: '2026-03-02', to: '2026-03-02', rep }, RANGES[0]];
    const before = await readEveryInsight(t, headers, queries);
    const body = sessionBody({ userEmail: rep });
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const events = [
      transcript(1, 1.25, 'customer', 'Sounds expensive.'),
      sentiment(2, 1.25, 'customer', 'angry', 0.8),
      { ...detection(3, 2, 'PRICE_OBJECTION', 'Sounds expensive'), answer: 'It pays for itself.' },
      transcript(4, 3.5, 'salesperson', 'What would it save you? And when?'),
      sentiment(5, 4, 'customer', 'happy', 0.9),
      transcript(6, 7.75, 'salesperson', 'It pays for itself.'),
    ];
    expect((await post(`/sessions/${body.sessionId}/events`, { events })).statusCode).toBe(200);
    // An end within a second: the rep's talk time and monologue run to it.
    expect((await post(`/sessions/${body.sessionId}/complete`, { endTime: at(61.37) })).statusCode).toBe(200);
    expect(roughly(await readEveryInsight(t, headers, queries))).not.toEqual(roughly(before));

    expect((await call('DELETE', `/api/admin/sessions/${body.sessionId}`)).statusCode).toBe(200);
    expect(roughly(await readEveryInsight(t, headers, queries))).toEqual(roughly(before));
    await expectConsistent();
  }, 600_000);

  it('documents both erasures in the OpenAPI document, with their parameters and answer', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const one = document.paths['/api/admin/sessions/{sessionId}'].delete;
    const rep = document.paths['/api/admin/sessions'].delete;
    expect(one.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'sessionId', in: 'path', required: true })]));
    expect(rep.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'rep', in: 'query', required: true })]));
    for (const operation of [one, rep])
      expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties.data.properties).sort()).toEqual([
        'erased',
        'sessionIds',
      ]);
  });

  it('refuses anonymous callers (401) and non-admins (403), erasing nothing', async () => {
    const [target] = await rows<{ sessionId: string; userEmail: string }>(
      sql`select session_id as "sessionId", user_email as "userEmail" from sessions order by session_id limit 1`,
    );
    const user = await signUp();
    for (const url of [`/api/admin/sessions/${target.sessionId}`, `/api/admin/sessions?rep=${encodeURIComponent(target.userEmail)}`]) {
      const anonymous = await t.app.inject({ method: 'DELETE', url });
      expect(anonymous.statusCode).toBe(401);
      const refused = await call('DELETE', url, bearer(user.idToken));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('NOT_ADMIN');
    }
    expect((await call('GET', `/api/admin/sessions/${target.sessionId}`)).statusCode).toBe(200);
  }, 600_000);
});
