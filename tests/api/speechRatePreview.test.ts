import { count } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { analyzeSpeechRate, generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { SPEECH_RATE_PREVIEW_SESSIONS, speechRatePreviewResponseSchema } from '../../src/contract/speechRatePreview';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

const NOW = Date.parse('2026-05-01T12:00:00Z');

/** POST /api/speech-rate/preview (docs/api.md "Speech-rate what-if") over generated sessions. */
describe.each(DB_KINDS)('speech-rate what-if (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let recent: GeneratedSession[];

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    const generated = [...generateSessions(0, 80, { seed: 11, now: NOW })];
    await t.db.transaction((tx) => insertSessionBatch(tx, generated));
    recent = generated
      .filter((session) => session.status === 'completed')
      .sort((a, b) => b.startTime - a.startTime)
      .slice(0, SPEECH_RATE_PREVIEW_SESSIONS);
  });
  afterAll(() => t?.close());

  const preview = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/speech-rate/preview', headers, payload: payload as object });
  const data = async (payload: object) => {
    const response = await preview(payload);
    expect(response.statusCode, response.body).toBe(200);
    return speechRatePreviewResponseSchema.parse(response.json()).data;
  };
  /** The same rule, run here on the generated transcripts. */
  const expected = (timeWindow: number, maxWords: number) =>
    recent.reduce((sum, session) => sum + analyzeSpeechRate(session.detail!.transcripts, 0, { timeWindow, maxWords }).alerts.length, 0);

  it('replays the last completed sessions: the defaults give the demo alerts', async () => {
    expect(recent.length).toBe(SPEECH_RATE_PREVIEW_SESSIONS);
    const stored = recent.reduce((sum, session) => sum + session.detail!.alerts.length, 0);
    expect(stored).toBeGreaterThan(0);
    const result = await data({ enabled: true, time_window: 30, max_words: 150 });
    expect(result).toMatchObject({ sessions: SPEECH_RATE_PREVIEW_SESSIONS, alerts: stored, currentAlerts: stored });
    expect(result.current).toEqual({ enabled: true, time_window: 30, max_words: 150 });
    expect(result.sessionsWithAlerts).toBe(recent.filter((session) => session.detail!.alerts.length > 0).length);
  });

  it('counts what other values would raise, and nothing while disabled', async () => {
    const stricter = await data({ enabled: true, time_window: 20, max_words: 40 });
    expect(stricter.alerts).toBe(expected(20, 40));
    expect(stricter.alerts).toBeGreaterThan(stricter.currentAlerts);
    const looser = await data({ enabled: true, time_window: 30, max_words: 500 });
    expect(looser.alerts).toBe(expected(30, 500));
    expect(looser.alerts).toBeLessThan(looser.currentAlerts);
    expect(await data({ enabled: false, time_window: 20, max_words: 40 })).toMatchObject({ alerts: 0, sessionsWithAlerts: 0 });
  });

  it('compares with the saved settings and saves nothing itself', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/speech-rate',
      headers,
      payload: { enabled: true, time_window: 45, max_words: 100 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audits = (await t.db.select({ n: count() }).from(auditLog))[0].n;
    const result = await data({ enabled: true, time_window: 30, max_words: 150 });
    expect(result.currentAlerts).toBe(expected(45, 100));
    expect(result.current).toEqual({ enabled: true, time_window: 45, max_words: 100 });
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(audits);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/speech-rate', headers })).json().data;
    expect(settings).toMatchObject({ enabled: true, time_window: 45, max_words: 100 });
  });

  it.each([
    ['a window of 0', { enabled: true, time_window: 0, max_words: 150 }],
    ['too many words', { enabled: true, time_window: 30, max_words: 501 }],
    ['a fraction', { enabled: true, time_window: 30.5, max_words: 150 }],
    ['a missing field', { enabled: true, time_window: 30 }],
    ['an unknown field', { enabled: true, time_window: 30, max_words: 150, extra: 1 }],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await preview(payload);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('answers zero sessions on an empty database', async () => {
    const empty = await testApp('pglite');
    try {
      const admin = await empty.createAdmin();
      const response = await empty.app.inject({
        method: 'POST',
        url: '/api/speech-rate/preview',
        headers: admin.headers,
        payload: { enabled: true, time_window: 30, max_words: 150 },
      });
      expect(response.json().data).toMatchObject({ sessions: 0, alerts: 0, currentAlerts: 0 });
    } finally {
      await empty.close();
    }
  });
});
