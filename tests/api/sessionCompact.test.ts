import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import {
  compactEntries,
  compactSessionDetailResponseSchema,
  expandEntries,
  sessionDetailResponseSchema,
} from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

// GET /api/admin/sessions/{sessionId}?entries=compact, the portal's read of a session:
// the spec's answer without each sentiment entry's copy of its utterance's text.
describe.each(DB_KINDS)('a session read compact (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const [plain, edited, echoes] = [...generateSessions(0, 3, { seed: 7, now: Date.parse('2026-05-01T12:00:00Z'), withDetail: 3 })];
  // An entry whose text is not its utterance's (the assistant is free to send one) keeps it.
  const editedEntry = { ...edited.detail!.sentiment[1], transcript: 'Not what was said' };
  edited.detail!.sentiment[1] = editedEntry;
  // Two utterances of one speaker in the same millisecond (the later one is the entries'
  // utterance), and the other party's words at that moment.
  const moment = echoes.detail!.transcripts[0].t;
  echoes.detail!.transcripts.splice(
    0,
    1,
    { t: moment, speaker: 'customer', text: 'We signed with a competitor.' },
    { t: moment, speaker: 'customer', text: 'We signed with a competitor last year.' },
  );
  echoes.detail!.sentiment.splice(
    0,
    1,
    { t: moment, speaker: 'customer', emotion: 'sad', confidence: 0.5, transcript: 'We signed with a competitor last year.' },
    { t: moment, speaker: 'customer', emotion: 'sad', confidence: 0.5, transcript: 'We signed with a competitor.' },
    { t: moment, speaker: 'salesperson', emotion: 'neutral', confidence: 0.5, transcript: 'We signed with a competitor last year.' },
  );

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.transaction((tx) => insertSessionBatch(tx, [plain, edited, echoes]));
  });
  afterAll(() => t?.close());

  const read = (sessionId: string, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/sessions/${sessionId}${query}`, headers });

  it('is the full answer once each entry takes back its utterance’s text, and about half its size', async () => {
    for (const session of [plain, edited]) {
      const compactResponse = await read(session.sessionId, '?entries=compact');
      const fullResponse = await read(session.sessionId);
      expect(compactResponse.statusCode, compactResponse.body).toBe(200);
      const compact = compactSessionDetailResponseSchema.parse(compactResponse.json());
      expect(compactResponse.json()).toEqual(compact);
      const full = sessionDetailResponseSchema.parse(fullResponse.json());
      const expanded = expandEntries(compact.data.transcripts, compact.data.sentimentAnalysis.entries);
      expect({ ...compact.data, sentimentAnalysis: { ...compact.data.sentimentAnalysis, entries: expanded } }).toEqual(full.data);
      expect(compactResponse.body.length).toBeLessThan(fullResponse.body.length * 0.8);
    }
  });

  it('leaves out only the texts that repeat an utterance', async () => {
    const { data } = compactSessionDetailResponseSchema.parse((await read(edited.sessionId, '?entries=compact')).json());
    const kept = data.sentimentAnalysis.entries.filter((entry) => entry.transcript !== undefined);
    expect(kept).toEqual([expect.objectContaining({ transcript: 'Not what was said', timestamp: new Date(editedEntry.t).toISOString() })]);
    expect(data.sentimentAnalysis.entries).toHaveLength(edited.detail!.sentiment.length);
  });

  it('leaves out the same texts as contract/sessions.ts compactEntries, the later of two utterances in one millisecond counting', async () => {
    for (const session of [plain, edited, echoes]) {
      const full = sessionDetailResponseSchema.parse((await read(session.sessionId)).json()).data;
      const { data } = compactSessionDetailResponseSchema.parse((await read(session.sessionId, '?entries=compact')).json());
      expect(data.sentimentAnalysis.entries).toEqual(compactEntries(full.transcripts, full.sentimentAnalysis.entries));
    }
    const { data } = compactSessionDetailResponseSchema.parse((await read(echoes.sessionId, '?entries=compact')).json());
    expect(data.sentimentAnalysis.entries.slice(0, 3).map((entry) => entry.transcript)).toEqual([
      undefined,
      'We signed with a competitor.',
      'We signed with a competitor last year.',
    ]);
  });

  it('is written as JSON.stringify writes it (no spaces), with the contract’s keys and no other', async () => {
    for (const query of ['', '?entries=compact']) {
      const response = await read(echoes.sessionId, query);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(JSON.stringify(response.json()));
      const data = response.json().data;
      expect(Object.keys(data).sort()).toEqual(Object.keys(sessionDetailResponseSchema.shape.data.shape).sort());
    }
  });

  it('refuses another value of entries', async () => {
    const response = await read(plain.sessionId, '?entries=full');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
