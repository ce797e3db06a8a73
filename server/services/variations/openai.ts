import { createOpenAiCompatiblePost, type OpenAiCompatibleOptions } from '../openAiCompatible';
import { GenerationError, type GenerationRequest, type VariationGenerator } from './generator';

export type OpenAiChatOptions = OpenAiCompatibleOptions;

export const buildMessages = (request: GenerationRequest) => [
  {
    role: 'system',
    content:
      'You help a B2B sales team. You rephrase what a customer says so that a live assistant recognises the same ' +
      (request.kind === 'objection' ? 'objection' : 'question') +
      ' however it is worded. Answer with a JSON array of strings only, no commentary.',
  },
  {
    role: 'user',
    content: [
      `Write ${request.count} distinct, natural rephrasings of this customer ${request.kind === 'objection' ? 'objection' : 'question'}:`,
      JSON.stringify(request.question),
      request.existing.length > 0 ? `Do not repeat any of these existing phrasings: ${JSON.stringify(request.existing)}` : '',
      `Reply with a JSON array of exactly ${request.count} strings.`,
    ]
      .filter(Boolean)
      .join('\n'),
  },
];

/** A JSON array (even in a fence or prose), an object with `variations`, or a numbered or bulleted list; else null. */
export const parseVariationList = (content: string): unknown[] | null => {
  const text = content.replace(/```(?:json)?/gi, '').trim();
  const tryJson = (candidate: string): unknown[] | null => {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (Array.isArray(parsed)) return parsed;
      if (parsed && typeof parsed === 'object') {
        const list = Object.values(parsed as Record<string, unknown>).find(Array.isArray);
        if (list) return list as unknown[];
      }
    } catch {
      // not JSON
    }
    return null;
  };
  const whole = tryJson(text);
  if (whole) return whole;
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start !== -1 && end > start) {
    const inner = tryJson(text.slice(start, end + 1));
    if (inner) return inner;
  }
  const listed = text
    .split('\n')
    .map((line) => /^\s*(?:\d+[.)]|[-*•])\s+(.+)$/.exec(line)?.[1])
    .filter((line): line is string => Boolean(line));
  return listed.length > 0 ? listed : null;
};

export const createOpenAiVariationGenerator = (options: OpenAiChatOptions): VariationGenerator => {
  const post = createOpenAiCompatiblePost(options, '/chat/completions');
  return {
    name: `openai-compatible:${options.model}`,
    generate: async (request, signal) => {
      let response: Response;
      try {
        response = await post({ model: options.model, messages: buildMessages(request), temperature: 0.8 }, signal);
      } catch (error) {
        throw new GenerationError('The AI service could not be reached. Please try again later.', { cause: error });
      }
      if (!response.ok) {
        throw new GenerationError(`The AI service answered with status ${response.status}. Please try again later.`);
      }
      const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new GenerationError('The AI service returned an unexpected response.');
      const list = parseVariationList(content);
      if (!list) throw new GenerationError('The AI service did not return a list of variations.');
      return list.filter((item): item is string => typeof item === 'string');
    },
  };
};
