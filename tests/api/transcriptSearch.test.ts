import { searchTranscripts } from '../../server/services/transcriptSearch';
import {
  SNIPPET_MARKS,
  snippetParts,
  transcriptSearchQuerySchema,
  transcriptSearchResponseSchema,
} from '../../src/contract/transcriptSearch';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, detection, sessionBody, transcript } from '../support/assistant';

/** GET /api/admin/transcript-search: what was said in every call, kept up to date by the ingest and the erasure. */
describe.each(DB_KINDS)('search what was said (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;
  const calls = {
    avaya: sessionBody({ userEmail: 'ana@reps.test', sessionName: 'Avaya switch', startTime: '2026-03-02T10:00:00.000Z' }),
    french: sessionBody({ userEmail: 'bob@reps.test', sessionName: 'Appel Lyon', startTime: '2026-03-01T10:00:00.000Z' }),
    other: sessionBody({ userEmail: 'bob@reps.test', sessionName: 'Other', startTime: '2026-03-02T10:00:00.000Z' }),
  };

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
  const search = async (filter: Record<string, string>, range: [number, number] = [0, 24]) => {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) });
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/transcript-search?${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return { records: transcriptSearchResponseSchema.parse(response.json()), range: response.headers['content-range'] };
  };
  const said = async (filter: Record<string, string>) => (await search(filter)).records.map((r) => `${r.sessionName}: ${r.text}`);

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['sessions:write'])).headers;
    for (const body of Object.values(calls)) expect((await post('/sessions', body)).statusCode).toBe(201);
    const events = (sessionId: string, list: object[]) => post(`/sessions/${sessionId}/events`, { events: list });
    expect(
      (
        await events(calls.avaya.sessionId, [
          transcript(1, 5, 'salesperson', 'What do you run today?'),
          transcript(2, 20, 'customer', 'We are on Avaya phones and the contract renews in May.'),
          transcript(3, 40, 'salesperson', 'Many teams moved from Avaya to us last year.'),
          detection(4, 41, 'COMPETITOR_OBJECTION', 'Why not stay with Avaya?'),
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await events(calls.french.sessionId, [
          transcript(1, 3, 'customer', 'Nos contrats actuels sont trop chers.'),
          transcript(2, 9, 'salesperson', 'Je comprends, parlons des prix.'),
        ])
      ).statusCode,
    ).toBe(200);
    expect((await events(calls.other.sessionId, [transcript(1, 3, 'customer', 'The pricing looks fine to us.')])).statusCode).toBe(200);
    expect((await post(`/sessions/${calls.other.sessionId}/complete`, { endTime: at(60), status: 'completed' })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('finds the sentence a customer said, with its speaker, time and call, the words marked in the snippet', async () => {
    const { records, range } = await search({ q: 'avaya contract' });
    expect(range).toBe('transcript-search 0-0/1');
    expect(records).toEqual([
      expect.objectContaining({
        sessionId: calls.avaya.sessionId,
        sessionName: 'Avaya switch',
        userEmail: 'ana@reps.test',
        status: 'in_progress',
        kind: 'transcript',
        speaker: 'customer',
        timestamp: at(20),
        text: 'We are on Avaya phones and the contract renews in May.',
      }),
    ]);
    expect(records[0].snippet).toContain(`${SNIPPET_MARKS.start}Avaya${SNIPPET_MARKS.stop}`);
    expect(
      snippetParts(records[0].snippet)
        .filter((part) => part.match)
        .map((part) => part.text),
    ).toEqual(['Avaya', 'contract']);
  });

  it("covers the detections' questions, newest call first and each call's matches in the order they were said", async () => {
    expect(await said({ q: 'Avaya' })).toEqual([
      'Avaya switch: We are on Avaya phones and the contract renews in May.',
      'Avaya switch: Many teams moved from Avaya to us last year.',
      'Avaya switch: Why not stay with Avaya?',
    ]);
    const [question] = (await search({ q: 'stay avaya' })).records;
    expect(question).toMatchObject({ kind: 'detection', speaker: null, timestamp: at(41) });
  });

  it('stems in English and in French', async () => {
    expect(await said({ q: 'contracts' })).toEqual(['Avaya switch: We are on Avaya phones and the contract renews in May.']);
    expect(await said({ q: 'contrat cher' })).toEqual(['Appel Lyon: Nos contrats actuels sont trop chers.']);
    expect(await said({ q: 'prix' })).toEqual(['Appel Lyon: Je comprends, parlons des prix.']);
  });

  it('combines the period, rep, status and speaker filters with the words', async () => {
    expect(await said({ q: 'avaya', speaker: 'salesperson' })).toEqual(['Avaya switch: Many teams moved from Avaya to us last year.']);
    expect(await said({ q: 'avaya', rep: 'ANA@reps.test' })).toHaveLength(3);
    expect(await said({ q: 'avaya', rep: 'bob@reps.test' })).toEqual([]);
    expect(await said({ q: 'pricing', status: 'completed' })).toEqual(['Other: The pricing looks fine to us.']);
    expect(await said({ q: 'pricing', status: 'in_progress' })).toEqual([]);
    expect(await said({ q: 'contrats', startTime_gte: '2026-03-01', startTime_lte: '2026-03-01' })).toHaveLength(1);
    expect(await said({ q: 'contrats', startTime_gte: '2026-03-02' })).toEqual([]);
  });

  it('pages with Content-Range, and answers nothing without words', async () => {
    const second = await search({ q: 'avaya' }, [1, 1]);
    expect(second.range).toBe('transcript-search 1-1/3');
    expect(second.records.map((r) => r.text)).toEqual(['Many teams moved from Avaya to us last year.']);
    expect((await search({})).records).toEqual([]);
  });

  it('finds what the ingest stores next, and nothing of an erased call', async () => {
    await post(`/sessions/${calls.french.sessionId}/events`, { events: [transcript(3, 30, 'customer', 'Et Genesys aussi ?')] });
    expect(await said({ q: 'genesys' })).toEqual(['Appel Lyon: Et Genesys aussi ?']);
    const erased = await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${calls.french.sessionId}`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await said({ q: 'genesys' })).toEqual([]);
    expect(await said({ q: 'contrats' })).toEqual([]);
  });

  it('answers the same page by walking the calls newest first when the matches pass the count cap', async () => {
    const query = (filter: object, range: [number, number]) =>
      transcriptSearchQuerySchema.parse({ filter: JSON.stringify(filter), range: JSON.stringify(range) });
    for (const [filter, range] of [
      [{ q: 'avaya' }, [0, 24]],
      [{ q: 'avaya' }, [1, 2]],
      [{ q: 'avaya', speaker: 'customer' }, [0, 24]],
      [{ q: 'pricing', status: 'completed' }, [0, 24]],
    ] as const) {
      const sorted = await searchTranscripts(t.db, query(filter, [...range]));
      const walked = await searchTranscripts(t.db, query(filter, [...range]), 1);
      expect(walked.records, JSON.stringify(filter)).toEqual(sorted.records);
    }
  });

  it('refuses an unknown filter (400)', async () => {
    const query = new URLSearchParams({ filter: JSON.stringify({ q: 'x', nope: 1 }) });
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/transcript-search?${query}`, headers: admin });
    expect(response.statusCode).toBe(400);
  });
});
