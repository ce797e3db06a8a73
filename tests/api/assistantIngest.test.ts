import { count, eq } from 'drizzle-orm';
import { sessionEventSeqs, sessions, sessionTranscripts } from '../../server/db/schema';
import { generateSession, generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { sessionEvents } from '../../server/seed/sessions/events';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, detection, sentiment, sessionBody, speechAlert, transcript } from '../support/assistant';

describe.each(DB_KINDS)('assistant sessions ingest (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['sessions:write'])).headers;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload: payload as object });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const body = sessionBody(overrides);
    const response = await post('/sessions', body);
    expect(response.statusCode, response.body).toBe(201);
    return body;
  };
  const events = (sessionId: string, list: unknown[]) => post(`/sessions/${sessionId}/events`, { events: list });
  const detail = async (sessionId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${sessionId}`, headers: admin })).json().data;
  const storedSeqs = async (sessionId: string) => {
    const [row] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, sessionId));
    return (await t.db.select({ n: count() }).from(sessionEventSeqs).where(eq(sessionEventSeqs.sessionId, row.id)))[0].n;
  };

  it('creates an in-progress session, idempotently by sessionId; different details are a 409', async () => {
    const body = sessionBody();
    const first = await post('/sessions', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      data: { ...body, metadata: { roomName: 'Room A' }, status: 'in_progress', duration: 0 },
    });
    const again = await post('/sessions', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    for (const change of [{ sessionName: 'Another call' }, { configVersion: 2 }, { startTime: at(1) }, { metadata: {} }]) {
      const conflict = await post('/sessions', { ...body, ...change });
      expect(conflict.statusCode, JSON.stringify(change)).toBe(409);
      expect(conflict.json()).toEqual({
        error: 'CONFLICT',
        message: 'A session with this sessionId exists with different details.',
        requestId: expect.any(String),
      });
    }
    const [row] = await t.db.select().from(sessions).where(eq(sessions.sessionId, body.sessionId));
    expect(row).toMatchObject({ status: 'in_progress', configVersion: 1, sessionName: body.sessionName });
  });

  it.each([
    ['a bad email', { userEmail: 'nobody' }],
    ['a timestamp without offset', { startTime: '2026-03-02T10:00:00' }],
    ['a year out of range', { startTime: '9999-01-01T00:00:00Z' }],
    ['a bad session id', { sessionId: 'has spaces' }],
    ['an unknown field', { status: 'completed' }],
    ['a negative configVersion', { configVersion: -1 }],
  ])('refuses a session with %s (400)', async (_label, change) => {
    const response = await post('/sessions', sessionBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('accepts events, counts resent seqs as duplicates and changes nothing for them', async () => {
    const { sessionId } = await create();
    const batch = [transcript(1, 5, 'customer', 'Hello'), detection(2, 6, 'PRICE_OBJECTION'), sentiment(3, 5, 'customer', 'angry', 0.8)];
    const first = await events(sessionId, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { accepted: 3, duplicates: 0 } });
    const retry = await events(sessionId, batch);
    expect(retry.json()).toEqual({ success: true, data: { accepted: 0, duplicates: 3 } });
    // A seq is unique in the session whatever its type; a seq repeated within a batch counts once.
    const mixed = await events(sessionId, [
      transcript(2, 7, 'salesperson', 'Changed?'),
      transcript(4, 8, 'salesperson', 'Hi'),
      transcript(4, 9, 'customer', 'x'),
    ]);
    expect(mixed.json().data).toEqual({ accepted: 1, duplicates: 2 });
    const data = await detail(sessionId);
    expect(data.transcripts.map((row: { text: string }) => row.text)).toEqual(['Hello', 'Hi']);
    expect(data.detectedObjections).toHaveLength(1);
    expect(data.statistics).toMatchObject({ totalTranscripts: 2, customerTranscripts: 1, salespersonTranscripts: 1, totalObjections: 1 });
    expect(data.status).toBe('in_progress');
    expect(data.duration).toBe(8);
    expect(data.configVersion).toBe(1);
  });

  it('keeps counts right under concurrent batches: a batch sent twice at once is stored once', async () => {
    const { sessionId } = await create();
    const batch = (from: number) =>
      Array.from({ length: 10 }, (_, i) => transcript(from + i, 1 + i, i % 2 ? 'customer' : 'salesperson', `t${from + i}`));
    const answers = await Promise.all([
      events(sessionId, batch(0)),
      events(sessionId, batch(0)),
      events(sessionId, batch(10)),
      events(sessionId, batch(20)),
    ]);
    const totals = answers.map((answer) => answer.json().data);
    expect(totals.reduce((sum, data) => sum + data.accepted, 0)).toBe(30);
    expect(totals.reduce((sum, data) => sum + data.duplicates, 0)).toBe(10);
    expect((await detail(sessionId)).statistics).toMatchObject({
      totalTranscripts: 30,
      customerTranscripts: 15,
      salespersonTranscripts: 15,
    });
  });

  it.each([
    ['an unknown type', [{ seq: 1, type: 'laughter', timestamp: at(1) }]],
    ['a bad timestamp', [transcript(1, 1, 'customer', 'ok'), { ...transcript(2, 2, 'customer', 'x'), timestamp: 'yesterday' }]],
    ['a timestamp without offset', [{ ...transcript(1, 1, 'customer', 'x'), timestamp: '2026-03-02T10:00:01' }]],
    ['a text over 10 000 characters', [transcript(1, 1, 'customer', 'ok'), transcript(2, 2, 'customer', 'a'.repeat(10_001))]],
    ['a question over 1 000 characters', [detection(1, 1, 'FAQ', 'q'.repeat(1_001))]],
    ['an unknown detection category', [detection(1, 1, 'SMALL_TALK')]],
    ['a relevance score over 1', [{ ...detection(1, 1, 'FAQ'), relevance_score: 1.5 }]],
    ['a negative seq', [transcript(-1, 1, 'customer', 'x')]],
    ['an unknown field', [{ ...transcript(1, 1, 'customer', 'x'), extra: true }]],
    ['NUL in text', [transcript(1, 1, 'customer', 'a\u0000b')]],
    ['no events', []],
    ['more than 500 events', Array.from({ length: 501 }, (_, i) => transcript(i, 1, 'customer', 'x'))],
  ])('refuses a batch with %s (400) and stores none of it', async (_label, list) => {
    const { sessionId } = await create();
    const response = await events(sessionId, list);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(await storedSeqs(sessionId)).toBe(0);
  });

  it('refuses a batch with an event before the session start (400), all or nothing', async () => {
    const { sessionId } = await create();
    const response = await events(sessionId, [transcript(1, 1, 'customer', 'fine'), transcript(2, -5, 'customer', 'too early')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Event timestamps must not be earlier than the session start time.',
      requestId: expect.any(String),
    });
    expect(await storedSeqs(sessionId)).toBe(0);
    expect((await events(sessionId, [transcript(1, 1, 'customer', 'fine')])).json().data).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('refuses a body over 256 KiB with 413 and an unknown session with 404', async () => {
    const { sessionId } = await create();
    const big = Array.from({ length: 30 }, (_, i) => transcript(i, 1, 'customer', 'b'.repeat(9_000)));
    const tooLarge = await events(sessionId, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(await storedSeqs(sessionId)).toBe(0);
    for (const url of ['/sessions/no-such-session/events', '/sessions/no-such-session/complete']) {
      const body = url.endsWith('events') ? { events: [transcript(1, 1, 'customer', 'x')] } : { endTime: at(10) };
      const missing = await post(url, body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Session not found', requestId: expect.any(String) });
    }
  });

  it('completes a session: duration and statistics computed; events after completion are a 409', async () => {
    const { sessionId } = await create();
    await events(sessionId, [
      transcript(1, 0, 'customer', 'Your price is high'),
      detection(2, 1, 'PRICE_OBJECTION'),
      transcript(3, 4, 'salesperson', 'Let me explain the value'),
      transcript(4, 10, 'customer', 'Do you have a trial?'),
      detection(5, 11, 'FAQ', 'Is there a trial?'),
      sentiment(6, 0, 'customer', 'angry', 0.8),
      sentiment(7, 4, 'salesperson', 'happy', 0.9),
      sentiment(8, 10, 'customer', 'angry', 0.6),
      speechAlert(9, 4),
    ]);
    const done = await post(`/sessions/${sessionId}/complete`, { endTime: at(61.2) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'completed',
      duration: 62,
      statistics: {
        totalTranscripts: 3,
        customerTranscripts: 2,
        salespersonTranscripts: 1,
        totalObjections: 1,
        totalFAQs: 1,
        totalNewInquiries: 0,
        responseRate: 50,
      },
    });
    const data = await detail(sessionId);
    expect(data.sentimentAnalysis.sessionSummary).toMatchObject({
      session_dominant_emotion: 'angry',
      session_confidence: 0.7,
      total_transcripts: 3,
    });
    expect(data.speechRateAnalysis).toMatchObject({ totalAlerts: 1, alerts: [expect.objectContaining({ words_per_minute: 320 })] });
    expect(data.speechRateAnalysis.averageWordsPerMinute).toBeGreaterThan(0);

    const late = await events(sessionId, [transcript(10, 70, 'customer', 'late')]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'CONFLICT',
      message: 'This session is complete: it accepts no more events.',
      requestId: expect.any(String),
    });
    expect((await post(`/sessions/${sessionId}/complete`, { endTime: at(61.2) })).statusCode).toBe(200);
    const differently = await post(`/sessions/${sessionId}/complete`, { endTime: at(61.2), status: 'failed' });
    expect(differently.statusCode).toBe(409);
  });

  it('marks a session failed, and refuses an end before the start (400)', async () => {
    const { sessionId } = await create();
    expect((await post(`/sessions/${sessionId}/complete`, { endTime: at(-1) })).statusCode).toBe(400);
    const failed = await post(`/sessions/${sessionId}/complete`, { endTime: at(3), status: 'failed' });
    expect(failed.json().data).toMatchObject({ status: 'failed', duration: 3, statistics: { totalTranscripts: 0, responseRate: 100 } });
    expect((await post(`/sessions/${sessionId}/complete`, { endTime: at(3), status: 'aborted' })).statusCode).toBe(400);
  });

  it('continues a demo call in progress: the demo data registered its seqs as the ingest does', async () => {
    const live = [...generateSessions(0, 40, { seed: 99, now: Date.now() })].find((session) => session.status === 'in_progress')!;
    await t.db.transaction((tx) => insertSessionBatch(tx, [live]));
    const stored = sessionEvents(live);
    const resent = await events(live.sessionId, stored.slice(0, 3));
    expect(resent.json().data).toEqual({ accepted: 0, duplicates: 3 });
    const next = stored.length;
    const more = await events(live.sessionId, [
      { ...transcript(next, 0, 'customer', 'One more question'), timestamp: new Date(live.startTime + 1_000).toISOString() },
    ]);
    expect(more.json().data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await detail(live.sessionId)).transcripts).toHaveLength(live.detail!.transcripts.length + 1);
  });

  it('computes what the demo generator computes for the same call', async () => {
    const generated = generateSession(7, { seed: 42, now: Date.now(), transcripts: 40 });
    const start = generated.startTime;
    const { sessionId } = await create({ startTime: new Date(start).toISOString(), metadata: { roomName: generated.roomName } });
    const all = sessionEvents(generated);
    for (let from = 0; from < all.length; from += 25) {
      const response = await events(sessionId, all.slice(from, from + 25));
      expect(response.json().data.duplicates).toBe(0);
    }
    const done = await post(`/sessions/${sessionId}/complete`, { endTime: new Date(start + generated.duration * 1000).toISOString() });
    expect(done.json().data).toMatchObject({ duration: generated.duration, statistics: generated.statistics });
    const data = await detail(sessionId);
    expect(data.sentimentAnalysis.sessionSummary).toEqual(generated.detail!.sentimentSummary);
    expect(data.speechRateAnalysis.averageWordsPerMinute).toBeCloseTo(generated.detail!.averageWordsPerMinute, 1);
    expect(data.speechRateAnalysis.totalAlerts).toBe(generated.detail!.alerts.length);
    expect(await t.db.$count(sessionTranscripts)).toBeGreaterThanOrEqual(generated.detail!.transcripts.length);
  });
});
