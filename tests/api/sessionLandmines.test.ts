import { sessionDetailResponseSchema } from '../../src/contract/sessions';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { at, createKey, sessionBody, transcript } from '../support/assistant';

describe.each(DB_KINDS)('a call detail with its landmines (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;
  let landmineId: string;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['sessions:write'])).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/landmines',
      headers: admin,
      payload: {
        trigger: 'Guaranteed returns',
        category: 'Compliance',
        priority: 'high',
        canSay: [{ point: 'Past results vary' }],
        cannotSay: [{ point: 'You will certainly make money', reason: 'Misleading promise', severity: 'legal_risk' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    landmineId = created.json().landmine._id;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/assistant${url}`, headers: key, payload });

  it('answers each landmine with its time, speaker, trigger, category and the guidance, by id or by trigger', async () => {
    const body = sessionBody();
    expect((await post('/sessions', body)).statusCode).toBe(201);
    const landmine = (seq: number, seconds: number, fields: object) => ({
      seq,
      type: 'landmine',
      timestamp: at(seconds),
      speaker: 'salesperson',
      ...fields,
    });
    const events = [
      transcript(1, 5, 'salesperson', 'You will make money, guaranteed.'),
      landmine(2, 5, { landmineId, trigger: 'Guaranteed returns' }),
      landmine(3, 9, { trigger: 'GUARANTEED RETURNS' }),
      landmine(4, 12, { trigger: 'Something long gone' }),
    ];
    expect((await post(`/sessions/${body.sessionId}/events`, { events })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${body.sessionId}`, headers: admin });
    const { data } = sessionDetailResponseSchema.parse(response.json());
    const guidance = {
      category: 'Compliance',
      priority: 'high',
      canSay: [{ point: 'Past results vary' }],
      cannotSay: [{ point: 'You will certainly make money', reason: 'Misleading promise', severity: 'legal_risk' }],
    };
    expect(data.landmines).toEqual([
      { timestamp: at(5), speaker: 'salesperson', trigger: 'Guaranteed returns', landmineId, ...guidance },
      { timestamp: at(9), speaker: 'salesperson', trigger: 'GUARANTEED RETURNS', landmineId: null, ...guidance },
      {
        timestamp: at(12),
        speaker: 'salesperson',
        trigger: 'Something long gone',
        landmineId: null,
        category: null,
        priority: null,
        canSay: [],
        cannotSay: [],
      },
    ]);
  });
});
