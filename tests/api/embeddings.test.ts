import { eq } from 'drizzle-orm';
import { dictionaryItems } from '../../server/db/schema';
import {
  cosineSimilarity,
  createLocalEmbeddingProvider,
  createOpenAiEmbeddingProvider,
  EmbeddingError,
  hashedBagOfWords,
  LOCAL_EMBEDDING_MODEL,
  startEmbeddingWorker,
  type EmbeddingProvider,
  type EmbeddingWorker,
} from '../../server/services/matching/embeddings';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';
import { startLlmStandIn, type LlmStandIn } from '../support/llmStandIn';

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
};

describe('local hashed bag-of-words embedding', () => {
  it('is deterministic, 256-dimensional and L2-normalised', async () => {
    const provider = createLocalEmbeddingProvider();
    const [a, b] = await provider.embed(['Your price is too high', 'Your price is too high']);
    expect(provider.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(a).toHaveLength(256);
    expect(a).toEqual(b);
    expect(Math.hypot(...a)).toBeCloseTo(1, 10);
    expect(hashedBagOfWords('')).toEqual(new Array(256).fill(0));
  });

  it('scores texts that share words higher than unrelated texts, ignoring case', () => {
    const base = hashedBagOfWords('Your price is too high');
    expect(cosineSimilarity(base, hashedBagOfWords('YOUR PRICE IS TOO HIGH!'))).toBeCloseTo(1, 6);
    expect(cosineSimilarity(base, hashedBagOfWords('The price is too high for us'))).toBeGreaterThan(
      cosineSimilarity(base, hashedBagOfWords('Does it integrate with Salesforce?')),
    );
  });
});

describe('OpenAI-compatible embeddings client (local stand-in)', () => {
  let standIn: LlmStandIn;
  beforeAll(async () => {
    standIn = await startLlmStandIn();
  });
  afterAll(() => standIn?.close());

  it('posts model and input with the bearer key and returns vectors in input order', async () => {
    const provider = createOpenAiEmbeddingProvider({ baseUrl: `${standIn.baseUrl}/`, apiKey: 'sk-test', model: 'stand-in-embed' });
    standIn.embeddingsMode = 'ok';
    const vectors = await provider.embed(['first text', 'second text']);
    expect(vectors).toEqual([hashedBagOfWords('first text', 8), hashedBagOfWords('second text', 8)]);
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer sk-test',
      body: { model: 'stand-in-embed', input: ['first text', 'second text'] },
    });
  });

  it.each([
    ['malformed', /malformed/],
    ['error', /500/],
  ] as const)('throws EmbeddingError on a %s answer', async (mode, message) => {
    standIn.embeddingsMode = mode;
    const provider = createOpenAiEmbeddingProvider({ baseUrl: standIn.baseUrl, model: 'stand-in-embed' });
    await expect(provider.embed(['x'])).rejects.toThrow(EmbeddingError);
    await expect(provider.embed(['x'])).rejects.toThrow(message);
    standIn.embeddingsMode = 'ok';
  });

  it('throws EmbeddingError when the endpoint cannot be reached', async () => {
    const provider = createOpenAiEmbeddingProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2_000 });
    await expect(provider.embed(['x'])).rejects.toThrow(EmbeddingError);
  });
});

describe.each(DB_KINDS)('embedding worker (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let standIn: LlmStandIn;
  const workers: EmbeddingWorker[] = [];

  beforeAll(async () => {
    t = await testApp(kind);
    headers = (await t.createAdmin()).headers;
    standIn = await startLlmStandIn();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.close();
  });

  const createFaq = async (question: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dictionary/faqs',
      headers,
      payload: { question, answer: 'An answer' },
    });
    return response.json().data as { _id: string; needsEmbedding: boolean };
  };
  const isReady = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dictionary/faqs/grouped?limit=100', headers });
    const items = response.json().faqs as {
      _id: string;
      needsEmbedding: boolean;
      variations: { _id: string; needsEmbedding: boolean }[];
    }[];
    const all = items.flatMap((item) => [item, ...item.variations]);
    return all.find((item) => item._id === id)?.needsEmbedding === false;
  };
  const rowOf = async (id: string) => (await t.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, id)))[0];

  it('turns a new item Pending -> Ready within a couple of seconds and stores the vector', async () => {
    workers.push(startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider() }));
    const item = await createFaq('How long does onboarding take?');
    expect(item.needsEmbedding).toBe(true);
    const elapsed = await waitFor(() => isReady(item._id), 5_000);
    console.info(`[${kind}] embedding Pending -> Ready in ${elapsed} ms (poll interval 500 ms)`);
    expect(elapsed).toBeLessThan(2_500);
    const row = await rowOf(item._id);
    expect(row.embeddingModel).toBe(LOCAL_EMBEDDING_MODEL);
    expect(row.embedding).toHaveLength(256);
    expect(row.embedding![0]).toBeCloseTo(hashedBagOfWords('How long does onboarding take?')[0], 5);

    // An edit marks it Pending again, and the worker makes it Ready again.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/dictionary/faqs/${item._id}`,
      headers,
      payload: { question: 'How long is onboarding?', answer: 'An answer' },
    });
    expect(edited.json().data.needsEmbedding).toBe(true);
    await waitFor(() => isReady(item._id), 5_000);
    expect((await rowOf(item._id)).embedding![0]).toBeCloseTo(hashedBagOfWords('How long is onboarding?')[0], 5);
  });

  it('leaves a row Pending when it is edited while its embedding is computed', async () => {
    const item = await createFaq('Edited mid-flight');
    const local = createLocalEmbeddingProvider();
    let edit = true;
    const racing: EmbeddingProvider = {
      model: local.model,
      embed: async (texts) => {
        if (edit) {
          edit = false;
          await t.app.inject({
            method: 'PUT',
            url: `/api/dictionary/faqs/${item._id}`,
            headers,
            payload: { question: 'Edited during the call', answer: 'An answer' },
          });
        }
        return local.embed(texts);
      },
    };
    const worker = startEmbeddingWorker({ db: t.db, provider: racing }, { autoStart: false });
    workers.push(worker);
    await worker.runOnce();
    expect((await rowOf(item._id)).needsEmbedding).toBe(true);
    await worker.runOnce();
    const row = await rowOf(item._id);
    expect(row.needsEmbedding).toBe(false);
    expect(row.embedding![0]).toBeCloseTo(hashedBagOfWords('Edited during the call')[0], 5);
  });

  it('keeps rows Pending while the provider fails, retries with backoff, then recovers', async () => {
    const item = await createFaq('Provider outage');
    let calls = 0;
    let failing = true;
    const flaky: EmbeddingProvider = {
      model: LOCAL_EMBEDDING_MODEL,
      embed: async (texts) => {
        calls += 1;
        if (failing) throw new Error('provider down');
        return createLocalEmbeddingProvider().embed(texts);
      },
    };
    const warnings: object[] = [];
    workers.push(
      startEmbeddingWorker({
        db: t.db,
        provider: flaky,
        intervalMs: 50,
        initialBackoffMs: 100,
        maxBackoffMs: 400,
        log: { warn: (payload) => warnings.push(payload) },
      }),
    );
    await waitFor(async () => calls >= 3);
    expect((await rowOf(item._id)).needsEmbedding).toBe(true);
    expect(warnings[0]).toMatchObject({ event: 'embeddings.failed', retryInMs: 100 });
    expect(warnings[1]).toMatchObject({ retryInMs: 200 });
    failing = false;
    await waitFor(async () => (await rowOf(item._id)).needsEmbedding === false);
  });

  it('uses the OpenAI-compatible provider when configured and re-embeds rows of another model', async () => {
    const item = await createFaq('Embedded remotely');
    const local = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider() }, { autoStart: false });
    while ((await local.runOnce()) > 0);
    expect((await rowOf(item._id)).embeddingModel).toBe(LOCAL_EMBEDDING_MODEL);
    standIn.embeddingsMode = 'ok';
    const remote = startEmbeddingWorker({
      db: t.db,
      provider: createOpenAiEmbeddingProvider({ baseUrl: standIn.baseUrl, apiKey: 'k', model: 'stand-in-embed' }),
      intervalMs: 50,
    });
    workers.push(remote);
    await waitFor(async () => (await rowOf(item._id)).embeddingModel === 'stand-in-embed');
    const row = await rowOf(item._id);
    expect(row.needsEmbedding).toBe(false);
    expect(row.embedding).toHaveLength(8);
    expect(standIn.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
  });

  it('stops cleanly and does no more work after stop()', async () => {
    const worker = startEmbeddingWorker({ db: t.db, provider: createLocalEmbeddingProvider(), intervalMs: 20 });
    await worker.stop();
    const item = await createFaq('After stop');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await rowOf(item._id)).needsEmbedding).toBe(true);
  });
});
