/**
 * npm run grouping-quality: how well new-inquiry phrasings are grouped by question
 * (docs/insights-grouping.md "Measured"). The hand-written phrasings of
 * tests/support/inquiryPhrasings.ts are embedded with the default model, and each set is grouped
 * on its own, in 51 orders of arrival, by the job's rule (assignGroups: cosine plus word overlap, averaged over a
 * group, at the matching threshold plus WORD_OVERLAP_BAR) and, for comparison, by the rule before it (the nearest
 * phrasing) and by the cosine alone at the matching threshold. Figures are means per order. The rule was chosen on
 * every tuning set together; the blind set (written by someone who never saw the rule) is measured only. B-cubed
 * precision and recall are the goal's figures.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSentenceEncoderProvider, SENTENCE_ENCODER_MODEL } from '../server/services/matching/embeddings';
import { assignGroups, contentStems, WORD_OVERLAP_BAR, wordOverlap } from '../server/services/insights/groupAssignment';
import { defaultThresholdFor } from '../src/contract/matching';
import {
  arrivalOrders,
  bCubed,
  type GroupingFigures,
  groupingFigures,
  PHRASING_SETS,
  type PhrasingSet,
  pairScores,
} from '../tests/support/inquiryPhrasings';

const SHUFFLES = 50;
const threshold = Number(process.env.GROUPING_THRESHOLD ?? defaultThresholdFor(SENTENCE_ENCODER_MODEL));

const cosine = (a: readonly number[], b: readonly number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

type Grouper = (texts: string[], vectors: Map<string, number[]>) => Map<string, string>;

/** The job's rule. */
const byRule: Grouper = (texts, vectors) =>
  new Map(
    assignGroups(
      [],
      texts.map((text) => ({ id: text, text, vector: vectors.get(text)! })),
      threshold,
    ).map((assignment) => [assignment.id, assignment.groupId]),
  );

/** The rule before grouping by a group's mean: the nearest earlier phrasing by cosine plus words, bar 0.28. */
const byNearest: Grouper = (texts, vectors) => {
  const groups = new Map<string, string>();
  for (const [at, text] of texts.entries()) {
    let nearest: string | null = null;
    let best = -Infinity;
    for (const earlier of texts.slice(0, at)) {
      const score = cosine(vectors.get(text)!, vectors.get(earlier)!) + wordOverlap(contentStems(text), contentStems(earlier));
      if (score > best) {
        best = score;
        nearest = earlier;
      }
    }
    groups.set(text, nearest && best >= threshold + 0.28 ? groups.get(nearest)! : text);
  }
  return groups;
};

/** The nearest earlier phrasing by cosine alone, from the matching threshold on. */
const byCosine: Grouper = (texts, vectors) => {
  const groups = new Map<string, string>();
  for (const [at, text] of texts.entries()) {
    let nearest: string | null = null;
    let best = -Infinity;
    for (const earlier of texts.slice(0, at)) {
      const score = cosine(vectors.get(text)!, vectors.get(earlier)!);
      if (score > best) {
        best = score;
        nearest = earlier;
      }
    }
    groups.set(text, nearest && best >= threshold ? groups.get(nearest)! : text);
  }
  return groups;
};

type Measured = GroupingFigures & { bCubedPrecision: number; bCubedRecall: number };

const measure = (set: PhrasingSet, vectors: Map<string, number[]>, group: Grouper): Measured => {
  const runs = arrivalOrders(set.phrasings.length, SHUFFLES).map((order) => {
    const groups = group(
      order.map((at) => set.phrasings[at].text),
      vectors,
    );
    const groupOf = (text: string) => groups.get(text)!;
    const b = bCubed(set, groupOf);
    return { ...groupingFigures(set, groupOf), bCubedPrecision: b.precision, bCubedRecall: b.recall };
  });
  const mean = (key: keyof Measured) => runs.reduce((sum, figures) => sum + figures[key], 0) / runs.length;
  return {
    ...runs[0],
    bCubedPrecision: mean('bCubedPrecision'),
    bCubedRecall: mean('bCubedRecall'),
    samePairsGrouped: mean('samePairsGrouped'),
    otherPairsGrouped: mean('otherPairsGrouped'),
    paraphrasesWithTheirs: mean('paraphrasesWithTheirs'),
    withAnother: mean('withAnother'),
  };
};

const line = (label: string, figures: Measured) => {
  const { precision, recall, f1 } = pairScores(figures);
  const n = (value: number) => value.toFixed(1).padStart(5);
  const pct = (value: number) => `${(value * 100).toFixed(0).padStart(3)} %`;
  console.log(
    `  ${label.padEnd(22)} B-cubed precision ${figures.bCubedPrecision.toFixed(3)} recall ${figures.bCubedRecall.toFixed(3)}` +
      ` | paraphrase pairs grouped ${n(figures.samePairsGrouped)} of ${figures.samePairs}` +
      ` | other pairs grouped ${n(figures.otherPairsGrouped)}` +
      ` | precision ${pct(precision)} recall ${pct(recall)} F1 ${f1.toFixed(2)}` +
      ` | with theirs ${n(figures.paraphrasesWithTheirs)} of ${figures.paraphrases}` +
      ` | with another's ${n(figures.withAnother)} of ${figures.phrasings}`,
  );
};

/** Written blind (its HELD_OUT.md): measured only, never read to choose a rule, a parameter or a word. */
function blindSet(): PhrasingSet {
  const file = resolve(import.meta.dirname, '../server/services/matching/evaluation/grouping-questions.json');
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { text: string; group: string }[];
  return { name: 'blind set (grouping-questions.json)', phrasings: entries.map(({ text, group }) => ({ text, question: group })) };
}

const provider = createSentenceEncoderProvider();
const sets: PhrasingSet[] = [
  PHRASING_SETS.first,
  PHRASING_SETS.heldOut,
  PHRASING_SETS.fresh,
  { name: 'held-out and fresh together', phrasings: [...PHRASING_SETS.heldOut.phrasings, ...PHRASING_SETS.fresh.phrasings] },
  PHRASING_SETS.tuning,
  { name: 'every tuning set together (rule chosen here)', phrasings: Object.values(PHRASING_SETS).flatMap((set) => set.phrasings) },
  blindSet(),
];
const texts = [...new Set(sets.flatMap((set) => set.phrasings.map((phrasing) => phrasing.text)))];
const vectors = new Map((await provider.embed(texts)).map((vector, at) => [texts[at], vector]));

console.log(
  `${provider.model}: matching threshold ${threshold}, word-overlap bar ${WORD_OVERLAP_BAR}; ` +
    `each set grouped on its own in ${SHUFFLES + 1} orders of arrival (means per order)`,
);
for (const set of sets) {
  const questions = new Set(set.phrasings.map((phrasing) => phrasing.question)).size;
  console.log(`\n${set.name}: ${set.phrasings.length} phrasings of ${questions} questions`);
  line('rule (group mean)', measure(set, vectors, byRule));
  line('before (nearest, 0.28)', measure(set, vectors, byNearest));
  line('cosine alone', measure(set, vectors, byCosine));
}
