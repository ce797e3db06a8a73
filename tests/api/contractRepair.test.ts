import { eq, sql } from 'drizzle-orm';
import { apiKeys, landmines, sessionAnalyses, sessions, sessionSentimentEntries, sessionTranscripts } from '../../server/db/schema';
import { generateSession, insertSessionBatch } from '../../server/seed/sessions';
import { apiKeyListResponseSchema, apiKeyResponseSchema } from '../../src/contract/apiKeys';
import { landmineListResponseSchema } from '../../src/contract/landmines';
import { sessionDetailResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

/**
 * Rows written around the API (a migration, a manual fix, an older version) with values outside
 * the contract's enums are served repaired or without them, never as they are (docs/api.md
 * "Values outside the contract").
 */
describe.each(DB_KINDS)('values outside the contract, read through the API (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const warnings: Array<{ msg: string; record?: string; id?: string; field?: string; value?: unknown }> = [];
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...headers, 'cache-control': 'no-cache' } });

  beforeAll(async () => {
    t = await testApp(kind, { logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line)) } } });
    headers = (await t.createAdmin()).headers;
  });
  afterAll(async () => t?.close());
  const outsideEnum = () => warnings.filter((line) => line.msg === 'a stored value is outside the contract');

  it("a session's unknown emotions are read as neutral and an utterance of an unknown speaker is left out", async () => {
    const session = generateSession(9_000, { seed: 21, now: Date.now(), transcripts: 12 });
    await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    const [{ id }] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sessionId, session.sessionId));
    const before = sessionDetailResponseSchema.parse((await get(`/api/admin/sessions/${session.sessionId}`)).json()).data;
    const transcriptsBefore = before.transcripts.length;
    await t.db.execute(
      sql`update ${sessionTranscripts} set speaker = 'robot' where ${sessionTranscripts.sessionId} = ${id}
        and seq = (select min(seq) from ${sessionTranscripts} where ${sessionTranscripts.sessionId} = ${id})`,
    );
    await t.db.execute(
      sql`update ${sessionSentimentEntries} set dominant_emotion = 'ecstatic' where ${sessionSentimentEntries.sessionId} = ${id}`,
    );
    await t.db
      .update(sessionAnalyses)
      .set({ dominantEmotion: 'bored' as never, emotionDistribution: { neutral: 3, bored: 2 } as never })
      .where(eq(sessionAnalyses.sessionId, id));

    const response = await get(`/api/admin/sessions/${session.sessionId}`);
    expect(response.statusCode).toBe(200);
    const { data } = sessionDetailResponseSchema.parse(response.json());
    expect(data.transcripts).toHaveLength(transcriptsBefore - 1);
    expect(data.sentimentAnalysis.entries.length).toBeGreaterThan(0);
    expect(new Set(data.sentimentAnalysis.entries.map((entry) => entry.dominant_emotion))).toEqual(new Set(['neutral']));
    expect(data.sentimentAnalysis.sessionSummary.session_dominant_emotion).toBe('neutral');
    expect(data.sentimentAnalysis.sessionSummary.emotion_distribution).not.toHaveProperty('bored');
  });

  it("a landmine's unknown severity is read as general, logged once with its id", async () => {
    const [row] = await t.db
      .insert(landmines)
      .values({ trigger: 'lifetime warranty', category: 'Legal', cannotSay: [{ point: 'Forever', severity: 'catastrophic' as never }] })
      .returning({ id: landmines.id });
    for (let read = 0; read < 2; read += 1) {
      const response = await get('/api/landmines');
      expect(response.statusCode).toBe(200);
      const listed = landmineListResponseSchema.parse(response.json()).landmines.find((landmine) => landmine._id === row.id);
      expect(listed?.cannotSay).toEqual([{ point: 'Forever', severity: 'general' }]);
    }
    expect(outsideEnum().filter((line) => line.id === row.id)).toEqual([
      expect.objectContaining({ record: 'landmine', field: 'cannotSay[0].severity', value: 'catastrophic' }),
    ]);
  });

  it("a service key's unknown scope is left out of the list and the detail, logged once with its id", async () => {
    const [row] = await t.db
      .insert(apiKeys)
      .values({
        name: 'Imported key',
        scopes: ['config:read', 'admin:everything'] as never,
        prefix: 'sk_imported',
        keyHash: `imported-${kind}`,
        createdByUid: 'operator',
      })
      .returning({ id: apiKeys.id });
    const list = await get('/api/admin/api-keys');
    expect(list.statusCode).toBe(200);
    expect(apiKeyListResponseSchema.parse(list.json()).data.find((key) => key.id === row.id)?.scopes).toEqual(['config:read']);
    const detail = await get(`/api/admin/api-keys/${row.id}`);
    expect(apiKeyResponseSchema.parse(detail.json()).data.scopes).toEqual(['config:read']);
    expect(outsideEnum().filter((line) => line.id === row.id)).toEqual([
      expect.objectContaining({ record: 'apiKey', field: 'scopes', value: 'admin:everything' }),
    ]);
  });

  it('refuses, in the database itself, a session status or a landmine priority outside the contract', async () => {
    const session = generateSession(9_001, { seed: 22, now: Date.now() });
    await t.db.transaction((tx) => insertSessionBatch(tx, [session]));
    await expect(
      t.db.execute(sql`update ${sessions} set status = 'archived' where ${sessions.sessionId} = ${session.sessionId}`),
    ).rejects.toThrow();
    await expect(t.db.insert(landmines).values({ trigger: 'x', category: 'y', priority: 'urgent' as never })).rejects.toThrow();
  });
});
