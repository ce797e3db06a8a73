import {
  createLocalVariationGenerator,
  createOpenAiVariationGenerator,
  GenerationError,
  subjectSwap,
  transferredPhrasings,
  type GenerationRequest,
  parseVariationList,
  validateGeneratedVariations,
} from '../../server/services/variations';
import { testApp, type TestApp } from '../support/apiApp';
import { startLlmStandIn, type LlmStandIn } from '../support/llmStandIn';

const request = (question: string, count: number, sources: Partial<GenerationRequest> = {}) => ({
  kind: 'faq' as const,
  question,
  answer: 'a',
  count,
  existing: [],
  ...sources,
});

const HUBSPOT = {
  question: 'Do you integrate with HubSpot?',
  variations: [
    'Can your tool sync with HubSpot?',
    'Does it plug into HubSpot?',
    'Is your HubSpot app listed on their marketplace?',
    'Will it work with our CRM?',
  ],
};

describe('local variation generator (no LLM endpoint)', () => {
  const generator = createLocalVariationGenerator();

  it("offers the calls' words first, then related items' phrasings about this item's subject, then the question reworded", async () => {
    const variations = await generator.generate(
      request('Do you integrate with Salesforce?', 10, {
        fromCalls: ['can it talk to salesforce', 'does it sync with salesforce'],
        related: [{ question: 'Is it secure?', variations: ['Is our data safe with you?'] }, HUBSPOT],
      }),
    );
    expect(variations).toEqual([
      'can it talk to salesforce',
      'does it sync with salesforce',
      'Can your tool sync with Salesforce?',
      'Does it plug into Salesforce?',
      'Do you connect with Salesforce?',
    ]);
  });

  it('never puts a frame in front of the question: without calls or related items it only rewords it, or finds nothing', async () => {
    for (const question of ['Your price is too high.', 'Can you integrate with Salesforce?', 'Send me some information.', 'SOC 2?']) {
      for (const text of await generator.generate(request(question, 10))) {
        expect(text.toLowerCase()).not.toContain(question.toLowerCase().replace(/[.?!]+$/, ''));
      }
    }
    expect(await generator.generate(request('Is it too expensive?', 10))).toEqual(['Is it too pricey?']);
    expect(await generator.generate(request('SOC 2?', 10))).toEqual([]);
  });

  it('swaps the subject only between questions that ask the same thing, and only variations that ask nothing more', () => {
    expect(subjectSwap('Are you SOC 2 compliant?', 'Are you GDPR compliant?')).toEqual({ from: ['GDPR'], to: ['SOC', '2'] });
    expect(subjectSwap('Is it secure?', 'Do you offer a free trial?')).toBeNull();
    expect(subjectSwap('Is there a free trial?', 'Is there a minimum contract length?')).not.toBeNull();
    expect(
      transferredPhrasings('Are you SOC 2 compliant?', {
        question: 'Are you GDPR compliant?',
        variations: ['How do you handle GDPR?', 'Have you been through a GDPR Type II audit?', "We're in Germany, so GDPR is a must"],
      }),
    ).toEqual(['How do you handle SOC 2?']);
  });

  it('is deterministic and skips existing variations', async () => {
    const sources = { fromCalls: ['can it talk to salesforce'], related: [HUBSPOT] };
    const first = await generator.generate(request('Do you integrate with Salesforce?', 2, sources));
    expect(await generator.generate(request('Do you integrate with Salesforce?', 2, sources))).toEqual(first);
    const next = await generator.generate({
      ...request('Do you integrate with Salesforce?', 2, sources),
      existing: first.map((text) => text.toUpperCase()),
    });
    expect(next).toEqual(['Does it plug into Salesforce?', 'Do you connect with Salesforce?']);
  });
});

describe('validating generated variations', () => {
  it('trims, unquotes, drops blanks, too-long and non-strings, and de-duplicates case-insensitively against the question and existing', () => {
    const result = validateGeneratedVariations(
      [
        '  "Too pricey for us."  ',
        '',
        '   ',
        42,
        null,
        'x'.repeat(1001),
        'TOO PRICEY FOR US',
        'Your price is too high!',
        'Honestly, it costs too much',
        '1. Numbered one',
        'a\u0000b',
        'Last one',
      ],
      { question: 'Your price is too high.', existing: ['honestly, it costs too much.'], count: 4 },
    );
    expect(result).toEqual(['Too pricey for us.', 'Numbered one', 'ab', 'Last one']);
  });

  it('returns at most count', () => {
    expect(validateGeneratedVariations(['a', 'b', 'c'], { question: 'q', existing: [], count: 2 })).toEqual(['a', 'b']);
  });

  it.each([
    ['["a", "b"]', ['a', 'b']],
    ['```json\n["a"]\n```', ['a']],
    ['Sure! ["a", "b"] Enjoy.', ['a', 'b']],
    ['{"variations": ["a"]}', ['a']],
    ['1. first\n2. second', ['first', 'second']],
    ['- first\n- second', ['first', 'second']],
    ['I cannot help with that.', null],
  ])('parses model text %j', (content, expected) => {
    expect(parseVariationList(content)).toEqual(expected);
  });
});

describe('OpenAI-compatible chat generator (local stand-in)', () => {
  let standIn: LlmStandIn;
  let t: TestApp;
  let headers: Record<string, string>;
  let parentId: string;

  beforeAll(async () => {
    standIn = await startLlmStandIn();
    t = await testApp('pglite', {
      variations: createOpenAiVariationGenerator({ baseUrl: standIn.baseUrl, apiKey: 'sk-chat', model: 'stand-in-chat' }),
    });
    headers = (await t.createAdmin()).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionary/objections',
      headers,
      payload: { question: 'Your price is too high.', answer: 'ROI' },
    });
    parentId = created.json().data._id;
    await t.app.inject({
      method: 'POST',
      url: `/api/dictionary/objections/${parentId}/variations`,
      headers,
      payload: { question: 'It costs too much.' },
    });
  });
  afterEach(() => {
    standIn.chatMode = 'ok';
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const generate = (count: number) =>
    t.app.inject({ method: 'POST', url: `/api/dictionary/objections/${parentId}/generate-variations`, headers, payload: { count } });

  it('asks the model for N rephrasings with model, messages and the bearer key', async () => {
    const generator = createOpenAiVariationGenerator({ baseUrl: standIn.baseUrl, apiKey: 'sk-chat', model: 'stand-in-chat' });
    standIn.chatVariations = ['One', 'Two'];
    expect(await generator.generate(request('Your price is too high.', 2, { existing: ['Existing'] }))).toEqual(['One', 'Two']);
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-chat', body: { model: 'stand-in-chat' } });
    const messages = sent.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[1].content).toContain('2 distinct');
    expect(messages[1].content).toContain('Your price is too high.');
    expect(messages[1].content).toContain('Existing');
  });

  it.each(['ok', 'fenced', 'prose'] as const)('returns validated variations through the API (%s output)', async (mode) => {
    standIn.chatMode = mode;
    standIn.chatVariations = [
      '  What if the cost is too steep?  ',
      'your price is too high',
      'IT COSTS TOO MUCH',
      'What if the cost is too steep?',
      7,
      'We feel the pricing is high.',
      'x'.repeat(1001),
      'Extra one',
    ];
    const response = await generate(3);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      variations: ['What if the cost is too steep?', 'We feel the pricing is high.', 'Extra one'],
    });
  });

  it.each([
    ['malformed', /did not return a list/],
    ['error', /status 503/],
  ] as const)('answers 502 GENERATION_FAILED on %s output', async (mode, message) => {
    standIn.chatMode = mode;
    const response = await generate(3);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 'GENERATION_FAILED', message: expect.stringMatching(message) });
  });

  it('answers 502 when everything the model returned is a duplicate', async () => {
    standIn.chatVariations = ['Your price is too high', 'it costs too much!'];
    const response = await generate(2);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('GENERATION_FAILED');
  });

  it('throws GenerationError when the service is unreachable', async () => {
    const generator = createOpenAiVariationGenerator({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2_000 });
    await expect(generator.generate(request('q', 1))).rejects.toThrow(GenerationError);
  });
});
