import { fnv1a } from '../matching/embeddings/local';
import type { GenerationRequest, VariationGenerator } from './generator';
import { validateGeneratedVariations } from './validate';

/* Offline and deterministic: conversational frames that keep the question grammatical, and a small synonym lexicon. */
const LOWERCASE_STARTERS = new Set(
  (
    "a an the this that these those it it's its there there's here your you you're you've our we we're we've we'd my they they're their " +
    "how what what's why when where which who whose is are was were do does did can could will would should shall may might must " +
    'honestly just not no all any every some so but and or if to at in on for with without once before after right now currently ' +
    "frankly maybe perhaps probably everyone nobody nothing something everything let's let me"
  ).split(' '),
);

const IMPERATIVE_VERBS = new Set(
  'send tell give call email show explain remind get come stop take check contact follow put just call ring book schedule share forward keep leave make'.split(
    ' ',
  ),
);

const firstWord = (text: string): string => (text.split(/\s+/, 1)[0] ?? '').toLowerCase().replace(/[^a-z']/g, '');

const lowerFirst = (text: string): string => {
  const [first] = text.split(/\s+/, 1);
  const word = firstWord(text);
  return LOWERCASE_STARTERS.has(word) || IMPERATIVE_VERBS.has(word) ? first.toLowerCase() + text.slice(first.length) : text;
};
const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Multi-word entries first. */
const LEXICON: [RegExp, string][] = (
  [
    ['decision maker', 'person who signs off'],
    ['think about it', 'think it over'],
    ['right now', 'at the moment'],
    ['too expensive', 'too pricey'],
    ['not interested', 'not really interested'],
    ['happy with', 'satisfied with'],
    ['need to', 'have to'],
    ['want to', 'would like to'],
    ['expensive', 'costly'],
    ['cheaper', 'less expensive'],
    ['prices', 'costs'],
    ['price', 'cost'],
    ['pricing', 'cost structure'],
    ['currently', 'at the moment'],
    ['competitors', 'rival vendors'],
    ['competitor', 'rival vendor'],
    ['boss', 'manager'],
    ['busy', 'swamped'],
    ['contract', 'agreement'],
    ['software', 'tool'],
    ['product', 'solution'],
    ['company', 'business'],
    ['secure', 'safe'],
    ['features', 'capabilities'],
    ['difficult', 'hard'],
    ['problem', 'issue'],
    ['problems', 'issues'],
    ['worried', 'concerned'],
    ['concerned', 'worried'],
    ['sure', 'certain'],
    ['quickly', 'fast'],
    ['implement', 'roll out'],
    ['implementation', 'rollout'],
    ['integrate', 'connect'],
    ['decision', 'call'],
    ['cancel', 'terminate'],
    ['big', 'large'],
    ['help', 'support'],
  ] as const
).map(([from, to]) => [new RegExp(`\\b${from}\\b`, 'g'), to]);

export const swapSynonyms = (text: string): string => {
  // Each position is replaced at most once (no chains like worried -> concerned -> worried).
  const marks: { start: number; end: number; to: string }[] = [];
  for (const [pattern, to] of LEXICON) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (marks.some((mark) => start < mark.end && end > mark.start)) continue;
      marks.push({ start, end, to });
    }
  }
  return marks
    .sort((a, b) => b.start - a.start)
    .reduce((result, mark) => result.slice(0, mark.start) + mark.to + result.slice(mark.end), text);
};

const STATEMENT_FRAMES: ((clause: string) => string)[] = [
  (c) => `Honestly, ${c}.`,
  (c) => `I'm worried that ${c}.`,
  (c) => `What if ${c}?`,
  (c) => `To be frank, ${c}.`,
  (c) => `The thing is, ${c}.`,
  (c) => `My concern is that ${c}.`,
  (c) => `I have to be upfront: ${c}.`,
  (c) => `From where I sit, ${c}.`,
  (c) => `I feel like ${c}.`,
  (c) => `${upperFirst(c)}, to be honest.`,
  (c) => `I'll be straight with you: ${c}.`,
  (c) => `Let's be honest, ${c}.`,
];

const QUESTION_FRAMES: ((clause: string) => string)[] = [
  (c) => `Quick question: ${c}?`,
  (c) => `I was wondering, ${c}?`,
  (c) => `Out of curiosity, ${c}?`,
  (c) => `Before we go further, ${c}?`,
  (c) => `Could you clarify something: ${c}?`,
  (c) => `Sorry if this is basic, but ${c}?`,
  (c) => `One thing I'd like to know: ${c}?`,
  (c) => `Just so I'm clear, ${c}?`,
  (c) => `${upperFirst(c)}? I'd like to understand that better.`,
  (c) => `Can you help me understand this: ${c}?`,
  (c) => `I need to check something: ${c}?`,
  (c) => `So, ${c}?`,
];

const REQUEST_FRAMES: ((clause: string) => string)[] = [
  (c) => `Could you ${c}?`,
  (c) => `Please ${c}.`,
  (c) => `I'd rather you ${c}.`,
  (c) => `Why don't you ${c}?`,
  (c) => `Can you ${c}?`,
  (c) => `It would help if you could ${c}.`,
  (c) => `Look, just ${c}.`,
  (c) => `I'd appreciate it if you could ${c}.`,
  (c) => `For now, ${c}.`,
  (c) => `Would you ${c}?`,
  (c) => `Honestly, it's easier if you ${c}.`,
  (c) => `The best thing is to ${c}.`,
];

const QUESTION_START =
  /^(how|what|what's|why|when|where|which|who|whose|is|are|was|were|do|does|did|can|could|will|would|should|may|might|have|has)\b/i;

export const indirectQuestion = (clause: string): string | null => {
  const modal = /^(can|could|will|would|should) (you|we|i|it|they) (.+)$/i.exec(clause);
  if (modal) return `${modal[2]} ${modal[1].toLowerCase()} ${modal[3]}`;
  const doQ = /^(do) (you|we|they) (.+)$/i.exec(clause);
  if (doQ) return `${doQ[2]} ${doQ[3]}`;
  const be = /^(is|are) (it|you|we|they|there|this|that) (.+)$/i.exec(clause);
  if (be) return `${be[2]} ${be[1].toLowerCase()} ${be[3]}`;
  return null;
};

export const localRephrasings = (question: string): string[] => {
  const trimmed = question.replace(/\s+/g, ' ').trim();
  const isQuestion = /\?\s*$/.test(trimmed) || QUESTION_START.test(trimmed);
  const base = trimmed.replace(/[\s.?!…]+$/, '');
  const clause = lowerFirst(base);
  const swapped = swapSynonyms(clause);
  const isRequest = !isQuestion && IMPERATIVE_VERBS.has(firstWord(base));
  const frames = isQuestion ? QUESTION_FRAMES : isRequest ? REQUEST_FRAMES : STATEMENT_FRAMES;
  const offset = fnv1a(clause.toLowerCase()) % frames.length;
  const rotated = [...frames.slice(offset), ...frames.slice(0, offset)];

  const candidates: string[] = [];
  const indirect = isQuestion ? indirectQuestion(clause) : null;
  if (indirect) {
    candidates.push(`I'd like to know whether ${indirect}.`);
    candidates.push(`Can you confirm whether ${swapSynonyms(indirect)}?`);
  }
  if (swapped !== clause) candidates.push(`${upperFirst(swapped)}${isQuestion ? '?' : '.'}`);
  // Alternate plain and synonym-swapped clauses, then the other reading of each frame.
  rotated.forEach((frame, index) => {
    candidates.push(frame(index % 2 === 1 ? swapped : clause));
  });
  rotated.forEach((frame, index) => {
    candidates.push(frame(index % 2 === 1 ? clause : swapped));
  });
  return candidates;
};

export const createLocalVariationGenerator = (): VariationGenerator => ({
  name: 'local-rule-based',
  generate: async ({ question, existing, count }: GenerationRequest) =>
    validateGeneratedVariations(localRephrasings(question), { question, existing, count }),
});
