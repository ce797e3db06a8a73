import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { sessionDetailResponseSchema, sessionListResponseSchema, type SessionSummary } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { bearer, signUp } from '../support/identity';

/** GET /api/admin/sessions and /api/admin/sessions/{sessionId} on generated data and a few hand-made rows. */
describe.each(DB_KINDS)('admin sessions (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const now = Date.parse('2026-05-01T12:00:00Z');
  /** 45 generated sessions, the first 4 with their detail. */
  const generated = [...generateSessions(0, 45, { seed: 42, now, withDetail: 4 })];
  const statistics = {
    totalTranscripts: 1,
    customerTranscripts: 0,
    salespersonTranscripts: 1,
    totalObjections: 0,
    totalFAQs: 0,
    totalNewInquiries: 0,
    responseRate: 100,
  };
  const literal = (n: number, fields: Partial<GeneratedSession>): GeneratedSession => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sessionId: `lit-${n}`,
    sessionName: `Literal ${n}`,
    userEmail: `lit${n}@literal.test`,
    roomName: null,
    startTime: Date.parse('2020-01-01T00:00:00Z') + n * 60_000,
    duration: 60,
    status: 'failed',
    statistics,
    detail: null,
    ...fields,
  });
  const literals = [
    literal(1, { sessionName: 'Done 100% done' }),
    literal(2, { sessionName: 'Done 1000 done' }),
    literal(3, { roomName: 'Room_Seven' }),
    literal(4, { roomName: 'RoomXSeven' }),
    literal(5, { userEmail: 'Back\\Slash@Literal.test' }),
    literal(6, { userEmail: 'backslash@literal.test' }),
    literal(7, { sessionId: 'LIT-Zebra_42' }),
    literal(8, { sessionId: 'lit-zebraX42' }),
  ];
  const all = [...generated, ...literals];
  const newestFirst = (list: GeneratedSession[]) => [...list].sort((a, b) => b.startTime - a.startTime || (a.id < b.id ? 1 : -1));

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.transaction((tx) => insertSessionBatch(tx, all));
  });
  afterAll(() => t?.close());

  const get = (url: string, extra = headers) => t.app.inject({ method: 'GET', url, headers: extra });
  const list = async (query: Record<string, string | number>) => {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await get(`/api/admin/sessions?${params}`);
    expect(response.statusCode, response.body).toBe(200);
    return sessionListResponseSchema.parse(response.json());
  };
  const ids = (result: { data: SessionSummary[] }) => result.data.map((session) => session.sessionId);

  it('answers the spec shape: 15 newest sessions by default, with summary fields only', async () => {
    const response = await get('/api/admin/sessions');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(body.pagination).toEqual({ page: 1, limit: 15, total: all.length, pages: Math.ceil(all.length / 15) });
    expect(body.data).toHaveLength(15);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      '_id',
      // The configuration version the call ran with (null for demo and older sessions)
      'configVersion',
      'duration',
      // Landmine hits and the rep's name: tests/api/sessionsListLandmines.test.ts
      'landmineCount',
      'metadata',
      'sessionId',
      'sessionName',
      'startTime',
      'statistics',
      'status',
      'userEmail',
      'userName',
    ]);
    const first = newestFirst(all)[0];
    expect(body.data[0]).toEqual({
      _id: first.id,
      sessionId: first.sessionId,
      sessionName: first.sessionName,
      userEmail: first.userEmail,
      userName: null,
      startTime: new Date(first.startTime).toISOString(),
      duration: first.duration,
      status: first.status,
      metadata: { roomName: first.roomName },
      statistics: first.statistics,
      landmineCount: expect.any(Number),
      configVersion: null,
    });
  });

  it('pages newest first up to the last page and beyond', async () => {
    const order = newestFirst(all).map((session) => session.sessionId);
    const pages = [];
    for (let page = 1; page <= 6; page += 1) pages.push(...ids(await list({ page, limit: 10 })));
    expect(pages).toEqual(order);
    const last = await list({ page: 6, limit: 10 });
    expect(last.pagination).toEqual({ page: 6, limit: 10, total: all.length, pages: 6 });
    expect(last.data).toHaveLength(all.length - 50);
    expect(await list({ page: 7, limit: 10 })).toEqual({
      success: true,
      data: [],
      pagination: { page: 7, limit: 10, total: all.length, pages: 6 },
    });
    expect((await list({ limit: 100 })).data).toHaveLength(all.length);
  });

  it('filters by status, alone and with paging', async () => {
    for (const status of ['completed', 'in_progress', 'failed'] as const) {
      const expected = newestFirst(all.filter((session) => session.status === status)).map((session) => session.sessionId);
      expect(expected.length).toBeGreaterThan(0);
      const result = await list({ status, limit: 100 });
      expect(ids(result)).toEqual(expected);
      expect(result.pagination.total).toBe(expected.length);
      expect(result.data.every((session) => session.status === status)).toBe(true);
    }
    const completed = newestFirst(all.filter((session) => session.status === 'completed')).map((session) => session.sessionId);
    expect(ids(await list({ status: 'completed', limit: 3, page: 2 }))).toEqual(completed.slice(3, 6));
  });

  it('searches case-insensitively over name, user email, room and session id', async () => {
    const sample = generated[7];
    const company = sample.sessionName.split(' with ')[1];
    const check = async (search: string, keep: (session: GeneratedSession) => boolean) => {
      const expected = newestFirst(all.filter(keep)).map((session) => session.sessionId);
      expect(expected.length, search).toBeGreaterThan(0);
      const result = await list({ search, limit: 100 });
      expect(ids(result), search).toEqual(expected);
      expect(result.pagination.total).toBe(expected.length);
    };
    await check(company.toUpperCase(), (s) => s.sessionName.toLowerCase().includes(company.toLowerCase()));
    await check(sample.userEmail.toUpperCase(), (s) => s.userEmail === sample.userEmail);
    await check('zoom - SALES', (s) => (s.roomName ?? '').toLowerCase().includes('zoom - sales'));
    await check(sample.sessionId.slice(-8).toUpperCase(), (s) => s.sessionId.includes(sample.sessionId.slice(-8)));
    await check('  lit-zebra  ', (s) => s.sessionId.toLowerCase().includes('lit-zebra'));
    // Combined with the status filter and paging.
    const failedZoom = newestFirst(all.filter((s) => s.status === 'failed' && (s.roomName ?? '').startsWith('Zoom')));
    expect(ids(await list({ search: 'zoom', status: 'failed', limit: 100 }))).toEqual(failedZoom.map((s) => s.sessionId));
    // A match never spans two fields of the concatenated search column.
    expect((await list({ search: `${sample.sessionName} ${sample.userEmail}` })).pagination.total).toBe(0);
    expect((await list({ search: 'no such session anywhere' })).data).toEqual([]);
  });

  it('treats %, _ and \\ in the search as literal characters', async () => {
    expect(ids(await list({ search: '100%' }))).toEqual(['lit-1']);
    expect(ids(await list({ search: 'room_seven' }))).toEqual(['lit-3']);
    expect(ids(await list({ search: 'back\\slash' }))).toEqual(['lit-5']);
    expect(ids(await list({ search: 'zebra_42' }))).toEqual(['LIT-Zebra_42']);
    expect((await list({ search: '%' })).pagination.total).toBe(1);
    expect(ids(await list({ search: '_' }))).toEqual(['LIT-Zebra_42', 'lit-3']);
  });

  it('returns a full session matching the contract, sorted by time', async () => {
    const source = generated[0];
    const response = await get(`/api/admin/sessions/${source.sessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = sessionDetailResponseSchema.parse(response.json());
    // The answer is exactly the contract's shape: nothing the schema would drop or change.
    expect(response.json()).toEqual({ success: true, data });
    const d = source.detail!;
    expect(data).toMatchObject({
      _id: source.id,
      sessionId: source.sessionId,
      statistics: source.statistics,
      metadata: { roomName: source.roomName },
    });
    expect(data.transcripts).toEqual(
      d.transcripts.map((x) => ({ timestamp: new Date(x.t).toISOString(), speaker: x.speaker, text: x.text })),
    );
    const detections = (kind: string) =>
      d.detections
        .filter((x) => x.kind === kind)
        .map((x) => ({
          timestamp: new Date(x.t).toISOString(),
          category: x.category,
          relevance_score: x.relevanceScore,
          question: x.question,
          answer: x.answer,
        }));
    expect(data.detectedObjections).toEqual(detections('objection'));
    expect(data.detectedFAQs).toEqual(detections('faq'));
    expect(data.newInquiries).toEqual(detections('new_inquiry'));
    expect(data.statistics.totalObjections).toBe(data.detectedObjections.length);
    expect(data.sentimentAnalysis.sessionSummary).toEqual(d.sentimentSummary);
    expect(data.sentimentAnalysis.entries).toEqual(
      d.sentiment.map((x) => ({
        timestamp: new Date(x.t).toISOString(),
        speaker: x.speaker,
        dominant_emotion: x.emotion,
        confidence: x.confidence,
        transcript: x.transcript,
      })),
    );
    expect(data.speechRateAnalysis).toEqual({
      alerts: d.alerts.map((a) => ({
        timestamp: new Date(a.t).toISOString(),
        words_per_minute: a.wordsPerMinute,
        total_words: a.totalWords,
        time_window: 30,
        max_words: 150,
      })),
      totalAlerts: d.alerts.length,
      averageWordsPerMinute: d.averageWordsPerMinute,
    });
    const times = data.transcripts.map((x) => x.timestamp);
    expect(times).toEqual([...times].sort());
  });

  it('returns a session recorded without detail with empty analyses', async () => {
    const response = await get('/api/admin/sessions/lit-2');
    expect(response.statusCode).toBe(200);
    const { data } = sessionDetailResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      sessionName: 'Done 1000 done',
      transcripts: [],
      detectedObjections: [],
      speechRateAnalysis: { alerts: [], totalAlerts: 0 },
    });
    expect(data.sentimentAnalysis.sessionSummary.total_transcripts).toBe(0);
  });

  it('answers 404 Session not found for an unknown id, 400 for a malformed one', async () => {
    const missing = await get('/api/admin/sessions/sess-20990101-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Session not found', requestId: expect.any(String) });
    // Longer than 100 characters: Fastify's maxParamLength answers 414 before validation.
    expect([400, 414]).toContain((await get(`/api/admin/sessions/${'x'.repeat(101)}`)).statusCode);
    for (const bad of ['has%20space', '..%2Fetc', '%3Cscript%3E', '-leading-dash']) {
      const response = await get(`/api/admin/sessions/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    }
    expect((await get(`/api/admin/sessions/${'x'.repeat(100)}`)).statusCode).toBe(404);
  });

  it('refuses out-of-range and malformed list parameters with 400', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'limit=0',
      'limit=101',
      'status=done',
      'status=COMPLETED',
      `search=${'a'.repeat(201)}`,
      'search=%00',
      'page=1&page=2',
      'status=failed&status=completed',
    ]) {
      const response = await get(`/api/admin/sessions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    expect((await get('/api/admin/sessions?limit=100')).statusCode).toBe(200);
    expect((await get('/api/admin/sessions?limit=1&page=100000')).statusCode).toBe(200);
    expect((await get(`/api/admin/sessions?search=${'a'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    const target = `/api/admin/sessions/${generated[0].sessionId}`;
    for (const url of ['/api/admin/sessions', target]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe('NOT_AUTHENTICATED');
    }
    const user = await signUp();
    for (const url of ['/api/admin/sessions', target]) {
      const refused = await get(url, bearer(user.idToken));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('NOT_ADMIN');
    }
  });
});
