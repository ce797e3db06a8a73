import { type AssistantConfig, applyConfigDelta, CONFIG_LISTS } from '../../src/contract/assistant';
import { createLocalEmbeddingProvider, startEmbeddingWorker } from '../../server/services/matching/embeddings';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

/** The same configuration whatever the order of its lists (docs/assistant-api.md "Deltas": the order carries no meaning). */
const normalised = (config: AssistantConfig) => {
  const { generatedAt: _generatedAt, ...rest } = config;
  const idOf = (entry: object) => ('_id' in entry ? entry._id : (entry as { id: string }).id) as string;
  return {
    ...rest,
    ...Object.fromEntries(CONFIG_LISTS.map((list) => [list, [...config[list]].sort((a, b) => idOf(a).localeCompare(idOf(b)))])),
  };
};

describe.each(DB_KINDS)('assistant configuration deltas (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['config:read'])).headers;
  });
  afterAll(() => t?.close());

  const config = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/assistant/config${query}`, headers: key });
    expect(response.statusCode, response.body).toBe(200);
    return { data: response.json().data, bytes: response.rawPayload.length };
  };
  const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const embedPending = async () => {
    const worker = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider(), batchSize: 100 }, { autoStart: false });
    await worker.runOnce();
    await worker.stop();
  };

  it('applied to the configuration held, gives what a whole read of the new version gives', async () => {
    const price = (await send('POST', '/dictionary/objections', { question: 'Too pricey', answer: 'Value.', category: 'PRICE' })).data;
    const trial = (await send('POST', '/dictionary/faqs', { question: 'Is there a trial?', answer: 'Yes, 14 days.' })).data;
    const mine = (await send('POST', '/landmines', { trigger: 'guaranteed returns', category: 'Legal' })).landmine;
    await embedPending();
    const held = (await config()).data as AssistantConfig;

    // Every kind of change: an item added, one edited through a new variation, one deleted; a landmine removed.
    const added = (await send('POST', '/dictionary/faqs', { question: 'Do you support SSO?', answer: 'Yes, SAML and OIDC.' })).data;
    await send('POST', `/dictionary/objections/${price._id}/variations`, { question: 'It costs too much' });
    await send('DELETE', `/dictionary/faqs/${trial._id}`);
    await send('DELETE', `/landmines/${mine._id}`);
    await embedPending();

    const whole = (await config()).data as AssistantConfig;
    const { data: delta } = await config(`?since=${held.version}`);
    expect(delta.since).toBe(held.version);
    expect(delta.version).toBe(whole.version);
    expect(delta.faqs.map((item: { _id: string }) => item._id)).toEqual([added._id]);
    expect(delta.objections.map((item: { _id: string }) => item._id)).toEqual([price._id]);
    expect(delta.removed).toEqual({ objections: [], faqs: [trial._id], landmines: [mine._id], battlecards: [] });
    expect(normalised(applyConfigDelta(held, delta))).toEqual(normalised(whole));
  });

  it('carries only the changed item, a small fraction of the whole answer', async () => {
    for (let at = 0; at < 20; at += 1)
      await send('POST', '/dictionary/objections', { question: `Objection number ${at} about budget`, answer: 'We phase it.' });
    await embedPending();
    const held = await config();
    const edited = held.data.objections[0];
    await send('PUT', `/dictionary/objections/${edited._id}`, {
      question: edited.question,
      answer: 'We can phase the rollout.',
      category: edited.category,
    });
    await embedPending();
    const delta = await config(`?since=${held.data.version}`);
    expect(delta.data.objections).toHaveLength(1);
    expect(delta.data.objections[0]).toMatchObject({ _id: edited._id, answer: 'We can phase the rollout.' });
    expect(delta.data.faqs).toEqual([]);
    expect(JSON.stringify(delta.data).length).toBeLessThan(JSON.stringify(held.data).length / 5);
  });

  it('answers nothing changed for the current version, and the whole snapshot for a version it does not know', async () => {
    const current = await config();
    const same = await config(`?since=${current.data.version}`);
    expect(same.data).toMatchObject({
      since: current.data.version,
      version: current.data.version,
      objections: [],
      faqs: [],
      landmines: [],
    });
    for (const since of [0, current.data.version + 5]) {
      const whole = await config(`?since=${since}`);
      expect(whole.data.since).toBeUndefined();
      expect(normalised(whole.data)).toEqual(normalised(current.data));
    }
  });

  it('refuses a since that is not a version number, in words', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/assistant/config?since=yesterday', headers: key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.stringContaining('querystring.since') });
  });
});
