import { LIMITS } from '../../../src/contract/common';

export const normaliseQuestion = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s"'“”‘’`]+|[\s"'“”‘’`.?!…]+$/g, '')
    .trim();

/** Model output is untrusted: strings only, cleaned, capped, without duplicates of each other or of existing texts. */
export const validateGeneratedVariations = (
  raw: unknown[],
  { question, existing, count }: { question: string; existing: string[]; count: number },
): string[] => {
  const seen = new Set([question, ...existing].map(normaliseQuestion));
  const result: string[] = [];
  for (const item of raw) {
    if (result.length >= count) break;
    if (typeof item !== 'string') continue;
    const text = item
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters (tab and newline kept) is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?:\d+[.)]|[-*•])\s+/, '')
      .replace(/^["“](.*)["”]$/, '$1')
      .trim();
    if (text === '' || text.length > LIMITS.question) continue;
    const key = normaliseQuestion(text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result;
};
