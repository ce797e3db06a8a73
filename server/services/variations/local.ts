import type { GenerationRequest, RelatedPhrasing, VariationGenerator } from './generator';
import { validateGeneratedVariations } from './validate';

/*
 * Offline paraphrases (docs/matching.md "Generate variations offline"): what customers said on calls first, then the
 * dictionary's own phrasings of items that ask the same thing about something else, with that thing swapped in.
 */

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
).map(([from, to]) => [new RegExp(`\\b${from}\\b`, 'gi'), to]);

export const swapSynonyms = (text: string): string => {
  // Each position is replaced at most once (no chains like worried -> concerned -> worried).
  const marks: { start: number; end: number; to: string }[] = [];
  for (const [pattern, to] of LEXICON) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (marks.some((mark) => start < mark.end && end > mark.start)) continue;
      marks.push({ start, end, to: /^[A-Z]/.test(match[0]) ? to.charAt(0).toUpperCase() + to.slice(1) : to });
    }
  }
  return marks
    .sort((a, b) => b.start - a.start)
    .reduce((result, mark) => result.slice(0, mark.start) + mark.to + result.slice(mark.end), text);
};

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const wordsOf = (text: string): string[] => text.match(WORD) ?? [];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** At most this many words differ between two questions that ask the same thing about different things. */
const SWAP_MAX_WORDS = 4;

/**
 * Two questions ask the same thing about different things when they share their words but for one span of at most
 * four words, and the shared words are at least as many as the differing ones: "Do you integrate with HubSpot?" and
 * "Do you integrate with Salesforce?" swap HubSpot for Salesforce; "Is it secure?" and "Do you offer a free trial?" do not.
 */
export const subjectSwap = (question: string, related: string): { from: string[]; to: string[] } | null => {
  const mine = wordsOf(question);
  const theirs = wordsOf(related);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  let prefix = 0;
  while (prefix < mine.length && prefix < theirs.length && same(mine[prefix], theirs[prefix])) prefix += 1;
  let suffix = 0;
  while (
    suffix < mine.length - prefix &&
    suffix < theirs.length - prefix &&
    same(mine[mine.length - 1 - suffix], theirs[theirs.length - 1 - suffix])
  )
    suffix += 1;
  const to = mine.slice(prefix, mine.length - suffix);
  const from = theirs.slice(prefix, theirs.length - suffix);
  const shared = prefix + suffix;
  if (to.length === 0 || from.length === 0 || to.length > SWAP_MAX_WORDS || from.length > SWAP_MAX_WORDS) return null;
  if (shared < 2 || shared < Math.max(to.length, from.length)) return null;
  return { from, to };
};

/** Words that frame a question rather than say what it is about. */
const FRAME_WORDS = new Set(
  (
    'a an the and or but so if of to in on at for with by from about as is are was were be been am do does did can could ' +
    "will would should shall may might must have has had i i'm i'd we we're we'd our us you you're your it it's its they " +
    "their them this that these those there there's here what what's which who how when where why any some all just " +
    'really actually still also too very not no yes please tell me know ask wondering curious quick question okay ok ' +
    'like get got use using offer provide support handle work happen thing something anything way ' +
    'tool product solution platform software system sync connect plug hook link into up team'
  ).split(' '),
);

/**
 * The related item's variations that name its subject and say nothing else of their own (every other content word is
 * one of the two questions'), with this question's subject in its place: "Have you been through a GDPR Type II
 * audit?" asks more than "Are you GDPR compliant?", so it does not become a paraphrase of "Are you SOC 2 compliant?".
 */
export const transferredPhrasings = (question: string, related: RelatedPhrasing): string[] => {
  const swap = subjectSwap(question, related.question);
  if (!swap) return [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${swap.from.map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
  const asked = new Set(wordsOf(`${related.question} ${question}`).map((word) => word.toLowerCase()));
  const onlyAsks = (variation: string) =>
    wordsOf(variation.replace(pattern, ' '))
      .map((word) => word.toLowerCase())
      .every((word) => FRAME_WORDS.has(word) || asked.has(word));
  const replacement = swap.to.join(' ');
  return related.variations
    .filter((variation) => pattern.test(variation) && onlyAsks(variation))
    .map((variation) => variation.replace(pattern, replacement));
};

/** Best first: the calls' own words, the related items' phrasings (closest item first), then their synonyms swapped. */
export const localParaphrases = ({
  question,
  fromCalls = [],
  related = [],
}: Pick<GenerationRequest, 'question' | 'fromCalls' | 'related'>) => {
  const transferred = related.flatMap((item) => transferredPhrasings(question, item));
  const reworded = [question, ...transferred].map(swapSynonyms);
  return [...fromCalls, ...transferred, ...reworded];
};

export const createLocalVariationGenerator = (): VariationGenerator => ({
  name: 'local-paraphrases',
  mayFindNothing: true,
  generate: async (request: GenerationRequest) =>
    validateGeneratedVariations(localParaphrases(request), {
      question: request.question,
      existing: request.existing,
      count: request.count,
    }),
});
