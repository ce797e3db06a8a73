import { sql } from 'drizzle-orm';
import { sessions, sessionTranscripts } from '../../server/db/schema';
import { createLocalEmbeddingProvider, startEmbeddingWorker } from '../../server/services/matching/embeddings';
import { startSuggestionJob } from '../../server/services/variations/suggestionJob';
import { variationSuggestionsResponseSchema } from '../../src/contract/variationSuggestions';
import { matchingSettingsResponseSchema } from '../../src/contract/matching';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { rowsOf } from '../support/adminApp';
import { dictionaryCalls } from '../support/dictionaryCalls';

/** Suggested variations from calls (docs/matching.md "Suggested variations"): the job, the list, Add, Dismiss and erasure. */
describe.each(DB_KINDS)('suggested variations (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const { call, createObjection, lastAudit } = dictionaryCalls(() => ({ t, headers }));
  const provider = createLocalEmbeddingProvider();
  const ids: Record<string, string> = {};

  const addCall = async (
    sessionId: string,
    rep: string,
    said: [speaker: 'customer' | 'salesperson', text: string][],
    status = 'completed',
  ) => {
    const [row] = await t.db
      .insert(sessions)
      .values({
        sessionId,
        sessionName: `Call ${sessionId}`,
        userEmail: rep,
        startTime: new Date(Date.UTC(2026, 10, 20, 10)),
        endTime: new Date(Date.UTC(2026, 10, 20, 10, 30)),
        duration: 1_800,
        status: status as 'completed',
      })
      .returning({ id: sessions.id });
    await t.db
      .insert(sessionTranscripts)
      .values(
        said.map(([speaker, text], seq) => ({ sessionId: row.id, seq, ts: new Date(Date.UTC(2026, 10, 20, 10, seq)), speaker, text })),
      );
  };
  const list = async () => {
    const response = await call('GET', '/suggestions');
    expect(response.statusCode, response.body).toBe(200);
    return variationSuggestionsResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    ids.price = (await createObjection('Your price is too high for our budget.'))._id;
    ids.salesforce = (await createObjection('Do you integrate with Salesforce?'))._id;
    ids.competitor = (await createObjection('We already use a competitor.'))._id;
    await startEmbeddingWorker({ db: t.db, provider }, { autoStart: false }).runOnce();
    const current = matchingSettingsResponseSchema.parse((await call('GET', '/matching')).json()).data;
    expect((await call('PUT', '/matching', { threshold: 0.6, version: current.version })).statusCode).toBe(200);
    await addCall('call-a', 'ana@example.com', [
      ['customer', 'can it integrate with salesforce'],
      ['salesperson', 'can it integrate with salesforce'],
      ['customer', 'Do you integrate with Salesforce?'],
      ['customer', 'the weather is lovely today here'],
      ['customer', 'Yes okay'],
    ]);
    await addCall('call-b', 'bo@example.com', [['customer', 'could it integrate with salesforce']]);
    await addCall('call-c', 'bo@example.com', [['customer', 'does it integrate with salesforce']]);
    await addCall('call-d', 'cy@example.com', [['customer', 'Could it integrate with Salesforce']]);
    await addCall('call-live', 'ana@example.com', [['customer', 'can it integrate with salesforce']], 'in_progress');
  });
  afterAll(() => t?.close());

  it('reads each completed call once and keeps the customer lines whose best item came near the threshold without firing', async () => {
    const job = startSuggestionJob({ db: t.db, provider }, { autoStart: false });
    expect(await job.runOnce()).toBe(4);
    expect(await job.runOnce()).toBe(0);
    await job.stop();
    const { items, total } = await list();
    expect(total).toBe(3);
    expect(items.map((item) => item.id)).toEqual([ids.salesforce]);
    const texts = items[0].suggestions.map((suggestion) => suggestion.text.toLowerCase()).sort();
    expect(texts).toEqual(['can it integrate with salesforce', 'could it integrate with salesforce', 'does it integrate with salesforce']);
    for (const suggestion of items[0].suggestions) {
      expect(suggestion).toMatchObject({ reason: 'belowThreshold', runnerUp: null });
      expect(suggestion.score).toBeGreaterThanOrEqual(0.5);
      expect(suggestion.score).toBeLessThan(0.6);
    }
    expect(items[0].suggestions.map((suggestion) => suggestion.score)).toEqual(
      [...items[0].suggestions.map((suggestion) => suggestion.score)].sort((a, b) => b - a),
    );
    expect(items[0].suggestions.find((suggestion) => suggestion.text === 'can it integrate with salesforce')).toMatchObject({
      sessionId: 'call-a',
      sessionName: 'Call call-a',
      calls: 1,
    });
    // the same words on two calls are one suggestion
    expect(items[0].suggestions.find((suggestion) => suggestion.text.toLowerCase() === 'could it integrate with salesforce')?.calls).toBe(
      2,
    );
  });

  it('adds a suggestion as a variation of its item through the dictionary, audited, and dismisses one, audited', async () => {
    const [item] = (await list()).items;
    const first = item.suggestions.find((suggestion) => suggestion.text === 'can it integrate with salesforce')!;
    const added = await call('POST', `/suggestions/${first.id}/add`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ question: first.text, parentId: ids.salesforce, isOriginal: false, needsEmbedding: true });
    expect(await lastAudit()).toMatchObject({ action: 'objection.variation.create', targetId: added.json().data._id });
    const other = item.suggestions.find((suggestion) => suggestion.text.toLowerCase() === 'could it integrate with salesforce')!;
    const dismissed = await call('POST', `/suggestions/${other.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'variationSuggestion.dismiss', targetType: 'variationSuggestion', targetId: other.id });
    expect(JSON.stringify(audit.changes)).not.toContain(other.text);
    expect(audit.changes).toMatchObject({ calls: { from: 2, to: 0 } });
    for (const gone of [first.id, other.id]) {
      expect((await call('POST', `/suggestions/${gone}/dismiss`)).statusCode).toBe(404);
      expect((await call('POST', `/suggestions/${gone}/add`)).statusCode).toBe(404);
    }
    expect((await list()).items[0].suggestions.map((suggestion) => suggestion.text)).toEqual(['does it integrate with salesforce']);
  });

  it("goes with its call: a call's erasure, a rep's, leaves no suggestion and no scan of it", async () => {
    const left = async () => rowsOf<{ n: number }>(t, sql`select count(*)::int as n from variation_suggestions`);
    const scans = async () => rowsOf<{ n: number }>(t, sql`select count(*)::int as n from variation_suggestion_scans`);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/sessions/call-a', headers })).statusCode).toBe(200);
    expect(await scans()).toEqual([{ n: 3 }]);
    expect(await left()).toEqual([{ n: 1 }]);
    const rep = await t.app.inject({ method: 'DELETE', url: '/api/admin/sessions?rep=BO@example.com', headers });
    expect(rep.statusCode, rep.body).toBe(200);
    expect(await left()).toEqual([{ n: 0 }]);
    expect(await scans()).toEqual([{ n: 1 }]);
    expect(await list()).toEqual({ items: [], total: 0 });
  });
});
