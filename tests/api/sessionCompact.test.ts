import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { compactSessionDetailResponseSchema, expandEntries, sessionDetailResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

// GET /api/admin/sessions/{sessionId}?entries=compact, the portal's read of a session:
// the spec's answer without each sentiment entry's copy of its utterance's text.
describe.each(DB_KINDS)('a session read compact (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const [plain, edited] = [...generateSessions(0, 2, { seed: 7, now: Date.parse('2026-05-01T12:00:00Z'), withDetail: 2 })];
  // An entry whose text is not its utterance's (the assistant is free to send one) keeps it.
  const editedEntry = { ...edited.detail!.sentiment[1], transcript: 'Not what was said' };
  edited.detail!.sentiment[1] = editedEntry;

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    await t.db.transaction((tx) => insertSessionBatch(tx, [plain, edited]));
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

  it('refuses another value of entries', async () => {
    const response = await read(plain.sessionId, '?entries=full');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
