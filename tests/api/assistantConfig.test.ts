import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  cosineSimilarity,
  createLocalEmbeddingProvider,
  hashedBagOfWords,
  LOCAL_EMBEDDING_MODEL,
  startEmbeddingWorker,
} from '../../server/services/matching/embeddings';
import { decodeInt8 } from '../../server/services/matching/vectorEncoding';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { createKey } from '../support/assistant';

describe.each(DB_KINDS)('assistant configuration snapshot (%s)', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;

  beforeAll(async () => {
    t = await testApp(kind);
    admin = (await t.createAdmin()).headers;
    key = (await createKey(t, admin, ['config:read'])).headers;
  });
  afterAll(() => t?.close());

  const snapshot = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/assistant/config', headers: { ...key, ...headers } });
    return response;
  };
  const version = async (): Promise<number> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/config-version', headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json().data.version;
  };
  const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  /** Runs the change and returns how much the version grew. */
  const growth = async (change: () => Promise<unknown>) => {
    const before = await version();
    await change();
    return (await version()) - before;
  };

  it('starts at version 1 and answers the admin route with its time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/config-version', headers: admin });
    expect(response.json()).toEqual({ success: true, data: { version: 1, updatedAt: expect.any(String) } });
    expect(Number.isNaN(Date.parse(response.json().data.updatedAt))).toBe(false);
  });

  it('grows by one, in the same transaction, with every change the assistant reads', async () => {
    let objection = '';
    let variation = '';
    let landmine = '';
    const changes: [string, () => Promise<unknown>][] = [
      [
        'objection create',
        async () =>
          (objection = (await send('POST', '/dictionary/objections', { question: 'Too pricey?', answer: 'Value.', category: 'PRICE' })).data
            ._id),
      ],
      [
        'variation create',
        async () =>
          (variation = (await send('POST', `/dictionary/objections/${objection}/variations`, { question: 'Costs too much?' })).data._id),
      ],
      [
        'objection update',
        () => send('PUT', `/dictionary/objections/${objection}`, { question: 'Too pricey?', answer: 'Value, and ROI.', category: 'PRICE' }),
      ],
      ['FAQ create', () => send('POST', '/dictionary/faqs', { question: 'Do you integrate with CRM?', answer: 'Yes.' })],
      ['variation delete', () => send('DELETE', `/dictionary/objections/${variation}`)],
      [
        'landmine create',
        async () => (landmine = (await send('POST', '/landmines', { trigger: 'guarantee', category: 'Legal' })).landmine._id),
      ],
      ['landmine update', () => send('PUT', `/landmines/${landmine}`, { trigger: 'guaranteed', category: 'Legal' })],
      ['landmine toggle', () => send('PATCH', `/landmines/${landmine}/toggle-status`)],
      ['landmine delete', () => send('DELETE', `/landmines/${landmine}`)],
      ['speech-rate save', () => send('PUT', '/speech-rate', { enabled: true, time_window: 20, max_words: 90 })],
    ];
    for (const [label, change] of changes) expect(await growth(change), label).toBe(1);
  });

  it('does not grow when nothing changes or a change is refused', async () => {
    const item = (await send('POST', '/dictionary/faqs', { question: 'Is there a trial?', answer: 'Yes, 14 days.' })).data;
    expect(
      await growth(() =>
        send('PUT', `/dictionary/faqs/${item._id}`, { question: item.question, answer: item.answer, category: item.category }),
      ),
    ).toBe(0);
    const refused = async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/landmines/00000000-0000-4000-8000-000000000000', headers: admin });
      expect(response.statusCode).toBe(404);
    };
    expect(await growth(refused)).toBe(0);
  });

  it('grows when the embedding worker turns items Ready, and shows the embedding then (null while Pending)', async () => {
    const created = (await send('POST', '/dictionary/objections', { question: 'We use a competitor', answer: 'Here is why we differ.' }))
      .data;
    const pending = (await snapshot()).json().data.objections.find((item: { _id: string }) => item._id === created._id);
    expect(pending.embedding).toBeNull();
    const worker = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider(), batchSize: 100 }, { autoStart: false });
    const before = await version();
    expect(await worker.runOnce()).toBeGreaterThan(0);
    await worker.stop();
    expect(await version()).toBe(before + 1);
    const ready = (await snapshot()).json().data.objections.find((item: { _id: string }) => item._id === created._id);
    expect(ready.embedding).toMatchObject({ model: LOCAL_EMBEDDING_MODEL, dimensions: 256 });
    // docs/assistant-api.md "Vectors": the bytes decode to the stored vector within a step of the scale
    const decoded = decodeInt8(ready.embedding);
    expect(decoded).toHaveLength(256);
    expect(cosineSimilarity(decoded, hashedBagOfWords('We use a competitor'))).toBeGreaterThan(0.999);
    const worker2 = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider() }, { autoStart: false });
    expect(await worker2.runOnce()).toBe(0);
    await worker2.stop();
    expect(await version()).toBe(before + 1);
  });

  it('answers originals with variations, FAQs, active landmines only and the speech-rate settings', async () => {
    const original = (
      await send('POST', '/dictionary/objections', { question: 'Contract too long', answer: 'Monthly terms exist.', category: 'TERMS' })
    ).data;
    await send('POST', `/dictionary/objections/${original._id}/variations`, { question: 'The term is too long' });
    const active = (await send('POST', '/landmines', { trigger: 'cure', category: 'Claims', canSay: [{ point: 'helps' }] })).landmine;
    const inactive = (await send('POST', '/landmines', { trigger: 'free forever', category: 'Pricing', isActive: false })).landmine;
    const response = await snapshot();
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      version: await version(),
      generatedAt: expect.any(String),
      speechRate: { enabled: true, time_window: 20, max_words: 90 },
    });
    const item = data.objections.find((entry: { _id: string }) => entry._id === original._id);
    expect(item).toMatchObject({ question: 'Contract too long', answer: 'Monthly terms exist.', category: 'TERMS', embedding: null });
    expect(item.variations).toEqual([
      { _id: expect.any(String), question: 'The term is too long', category: 'Variation', embedding: null },
    ]);
    expect(data.faqs.map((entry: { question: string }) => entry.question)).toContain('Do you integrate with CRM?');
    expect(data.objections.some((entry: { _id: string }) => data.faqs.some((faq: { _id: string }) => faq._id === entry._id))).toBe(false);
    const ids = data.landmines.map((entry: { _id: string }) => entry._id);
    expect(ids).toContain(active._id);
    expect(ids).not.toContain(inactive._id);
    expect(data.landmines.find((entry: { _id: string }) => entry._id === active._id)).toEqual({
      _id: active._id,
      trigger: 'cure',
      triggerVariations: [],
      category: 'Claims',
      priority: 'medium',
      canSay: [{ point: 'helps' }],
      cannotSay: [],
      quickTips: '',
      updatedAt: expect.any(String),
    });
  });

  it('carries an ETag of the version and answers If-None-Match with 304 until the next change', async () => {
    const first = await snapshot();
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"config-${first.json().data.version}"`);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await snapshot({ 'if-none-match': ifNoneMatch });
      expect(cached.statusCode, ifNoneMatch).toBe(304);
      expect(cached.body).toBe('');
      // no body announced either: a keep-alive client would wait for it
      expect(cached.headers['content-length'] ?? '0').toBe('0');
      expect(cached.headers.etag).toBe(etag);
    }
    expect((await snapshot({ 'if-none-match': '"config-0"' })).statusCode).toBe(200);
    await send('PUT', '/speech-rate', { enabled: false, time_window: 20, max_words: 90 });
    const changed = await snapshot({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.speechRate.enabled).toBe(false);
  });

  it('builds each version once: every encoding and every concurrent request gets the same snapshot, until the next change', async () => {
    const json = (response: Awaited<ReturnType<typeof snapshot>>) => {
      const encoding = response.headers['content-encoding'];
      const raw = response.rawPayload;
      return JSON.parse((encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
    };
    const plain = await snapshot();
    const brotli = await snapshot({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await snapshot({ 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [plain, brotli, gzip]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
    // one snapshot: the same generatedAt in every encoding, and far fewer bytes compressed
    expect(json(brotli)).toEqual(json(plain));
    expect(json(gzip)).toEqual(json(plain));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    // A change: the next requests, all at once, share one new snapshot that holds it.
    await send('POST', '/dictionary/faqs', { question: 'Can we pay yearly?', answer: 'Yes, with a discount.' });
    const together = await Promise.all(Array.from({ length: 12 }, (_, at) => snapshot(at % 2 ? { 'accept-encoding': 'br' } : {})));
    const bodies = together.map(json);
    expect(new Set(bodies.map((body) => body.data.generatedAt)).size).toBe(1);
    expect(bodies[0].data.version).toBe(json(plain).data.version + 1);
    expect(bodies[0].data.generatedAt).not.toBe(json(plain).data.generatedAt);
    expect(bodies[0].data.faqs.map((faq: { question: string }) => faq.question)).toContain('Can we pay yearly?');
    for (const response of together) expect(response.headers.etag).toBe(`"config-${bodies[0].data.version}"`);
  });
});
