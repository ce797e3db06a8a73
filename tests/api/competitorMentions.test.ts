import { sessionDetailResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, sessionBody, transcript } from '../support/assistant';

describe.each(DB_KINDS)('competitor mentions from the assistant (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['sessions:write'])).headers;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });
  const adminCall = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const card = async (name: string) => (await adminCall('POST', '/battlecards', { name })).json() as { id: string; name: string };
  const mention = (seq: number, seconds: number, battlecardId: string, name: string) => ({
    seq,
    type: 'competitor',
    timestamp: at(seconds),
    battlecardId,
    name,
    speaker: 'customer',
  });

  it("stores a mention with its battlecard's id and answers it in the call's detail under the battlecard's name", async () => {
    const salesloft = await card('Salesloft');
    const body = sessionBody();
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const events = [transcript(1, 5, 'customer', 'We also look at SalesLoft.'), mention(2, 5, salesloft.id, 'SalesLoft')];
    const sent = await post(`/sessions/${body.sessionId}/events`, { events });
    expect(sent.json().data).toEqual({ accepted: 2, duplicates: 0 });
    expect((await post(`/sessions/${body.sessionId}/events`, { events })).json().data).toEqual({ accepted: 0, duplicates: 2 });

    const { data } = sessionDetailResponseSchema.parse((await adminCall('GET', `/admin/sessions/${body.sessionId}`)).json());
    expect(data.competitors).toEqual([
      { timestamp: at(5), speaker: 'customer', name: 'SalesLoft', battlecardId: salesloft.id, battlecardName: 'Salesloft' },
    ]);

    // A deleted battlecard leaves the mention on the call, under the name said.
    await adminCall('DELETE', `/battlecards/${salesloft.id}`);
    const after = sessionDetailResponseSchema.parse((await adminCall('GET', `/admin/sessions/${body.sessionId}`)).json()).data;
    expect(after.competitors).toEqual([
      { timestamp: at(5), speaker: 'customer', name: 'SalesLoft', battlecardId: null, battlecardName: null },
    ]);
  });

  it('refuses a batch naming an unknown battlecard with a 400 that names the id, and stores none of it', async () => {
    const gong = await card('Gong');
    const body = sessionBody();
    await post('/sessions', body);
    const unknown = '6f1c2b9e-0000-4000-8000-000000000000';
    const refused = await post(`/sessions/${body.sessionId}/events`, {
      events: [transcript(1, 3, 'customer', 'Gong and Foo.'), mention(2, 3, gong.id, 'Gong'), mention(3, 3, unknown, 'Foo')],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: `No battlecard has the id ${unknown}: send a battlecardId from GET /api/assistant/config.`,
    });
    const notAnId = await post(`/sessions/${body.sessionId}/events`, { events: [mention(4, 3, 'gong', 'Gong')] });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.body).toContain('Must be the id of a battlecard in the configuration');
    expect((await post(`/sessions/${body.sessionId}/events`, { events: [{ ...mention(5, 3, gong.id, ''), name: ' ' }] })).statusCode).toBe(
      400,
    );
    const { data } = sessionDetailResponseSchema.parse((await adminCall('GET', `/admin/sessions/${body.sessionId}`)).json());
    expect(data.transcripts).toEqual([]);
    expect(data.competitors).toEqual([]);
    expect((await post(`/sessions/${body.sessionId}/events`, { events: [mention(2, 3, gong.id.toUpperCase(), 'Gong')] })).statusCode).toBe(
      200,
    );
  });

  it('counts mentions per 100 finished calls per battlecard in Insights, and the Sessions list filtered by it lists those calls', async () => {
    const clari = await card('Clari');
    const chorus = await card('Chorus');
    const call = async (rep: string, mentions: [string, string][], complete = true) => {
      const body = sessionBody({ userEmail: rep });
      await post('/sessions', body);
      const events = mentions.map(([id, name], i) => mention(i + 1, 10 + i, id, name));
      if (events.length > 0) expect((await post(`/sessions/${body.sessionId}/events`, { events })).statusCode).toBe(200);
      if (complete) expect((await post(`/sessions/${body.sessionId}/complete`, { endTime: at(60) })).statusCode).toBe(200);
      return body.sessionId;
    };
    const first = await call('ana@test.salescoach.test', [
      [clari.id, 'Clari'],
      [clari.id, 'clari'],
    ]);
    const second = await call('ben@test.salescoach.test', [
      [clari.id, 'Clari'],
      [chorus.id, 'Chorus.ai'],
    ]);
    await call('ben@test.salescoach.test', []);
    await call('ana@test.salescoach.test', [[clari.id, 'Clari']], false);

    const insights = async (query: string) =>
      (await adminCall('GET', `/insights/competitors?from=2026-03-02&to=2026-03-08${query}`)).json().data;
    const all = await insights('');
    expect(all.period.calls).toBe(3);
    expect(all.competitors).toEqual([
      {
        key: clari.id,
        label: 'Clari',
        mentions: 3,
        calls: 2,
        previousMentions: 0,
        rate: 100,
        previousRate: null,
        rateChange: null,
        trend: null,
      },
      {
        key: chorus.id,
        label: 'Chorus',
        mentions: 1,
        calls: 1,
        previousMentions: 0,
        rate: 100 / 3,
        previousRate: null,
        rateChange: null,
        trend: null,
      },
    ]);
    const ben = await insights('&rep=ben%40test.salescoach.test');
    expect(ben.competitors.map((row: { label: string; mentions: number; rate: number }) => [row.label, row.mentions, row.rate])).toEqual([
      ['Chorus', 1, 50],
      ['Clari', 1, 50],
    ]);

    const listed = async (query: string) => {
      const response = await adminCall('GET', `/admin/sessions?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .data.map((session: { sessionId: string }) => session.sessionId)
        .sort();
    };
    expect(await listed(`competitorId=${clari.id}&finished=true&from=2026-03-02&to=2026-03-08`)).toEqual([first, second].sort());
    expect(await listed(`competitorId=${chorus.id}&rep=ben%40test.salescoach.test`)).toEqual([second]);
    expect((await adminCall('GET', '/admin/sessions?competitorId=clari')).statusCode).toBe(400);
  });
});
