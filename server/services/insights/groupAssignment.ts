import { tokenize } from '../matching/embeddings/local';

/**
 * Grouping new-inquiry phrasings by meaning (docs/insights-grouping.md). Each phrasing joins
 * the group of the earlier phrasing it is most alike to when the two are alike enough, else it
 * starts a group of its own (group_id = its id). Alike means the cosine similarity of their
 * embeddings plus the overlap of their content words reaches the model's matching threshold
 * (the score at which the assistant takes two texts for the same question) plus
 * WORD_OVERLAP_BAR. A phrasing keeps its group for good, until the embedding model changes:
 * then every phrasing is embedded and grouped again, in creation order.
 */

/**
 * What the word overlap must add on top of the matching threshold. Chosen on the first set of
 * tests/support/inquiryPhrasings.ts only (best pairwise F1 there, 0.24 to 0.32 about as good;
 * on the held-out sets it does no better than the cosine alone, see the doc): a pair at the
 * matching threshold needs an overlap of 0.28, a pair with no word in common a cosine 0.28
 * above it, and two questions that share words but not their subject ("Brazil" and "Canada")
 * lose what the differing words take from the overlap.
 */
export const WORD_OVERLAP_BAR = 0.28;

/** Words that frame a question rather than say what it is about. */
const STOP_WORDS = new Set(
  `a an the and or but if of to in on at by for with from as into about over under than then so too also
  i me my we us our ours you your yours he she it its they them their this that these those there here
  what which who whom whose when where why how is are was were be been being am do does did done doing
  have has had having can could will would shall should may might must not no just only any some each
  every all both either other another own same such very much many more most let like want wants need
  needs get got way possible able thing something anything chance please`.split(/\s+/),
);

/** Longest first, so "transcription" loses "ion" rather than "n". */
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ions', 'ion', 'ers', 'er', 'ies', 'es', 's', 'ed', 'ly', 'e'];

/**
 * A word's stem: one common suffix off (keeping three letters at least), then the first six
 * letters, so that "transcribe" and "transcription", "resell" and "reseller", "charity" and
 * "charities" meet without a dictionary of word forms.
 */
export const stem = (word: string): string => {
  const suffix = SUFFIXES.find((ending) => word.endsWith(ending) && word.length - ending.length >= 3);
  return (suffix ? word.slice(0, -suffix.length) : word).slice(0, 6);
};

/** The stems of a text's content words: lower case, contractions and possessives cut ("we'd", "customer's"), stop words out. */
export const contentStems = (text: string): Set<string> =>
  new Set(
    tokenize(text)
      .map((word) => word.replace(/'.*$/, ''))
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
      .map(stem),
  );

/** Dice coefficient of two stem sets: twice the shared stems over both counts (0 when either is empty). */
export const wordOverlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return (2 * shared) / (a.size + b.size);
};

/** A grouped phrasing, as the phrasings after it are compared with. */
export interface GroupMember {
  id: string;
  groupId: string;
  text: string;
  vector: readonly number[];
}

export interface GroupAssignment {
  id: string;
  groupId: string;
  /** The earlier phrasing most alike to it (null when there was none), with their cosine and word overlap. */
  nearestId: string | null;
  similarity: number | null;
  overlap: number | null;
}

const unit = (vector: readonly number[]): Float64Array => {
  const norm = Math.hypot(...vector);
  const out = new Float64Array(vector.length);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) out[i] = vector[i] / norm;
  return out;
};

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) sum += a[i] * b[i];
  return sum;
};

/**
 * Assigns each phrasing, in the order given, to the group of the member with the highest cosine
 * plus word overlap (earlier phrasings of the list count as members once assigned; ties go to
 * the member seen first) when that sum reaches `threshold` + WORD_OVERLAP_BAR, else to a new
 * group of its own id.
 */
export const assignGroups = (
  members: readonly GroupMember[],
  phrases: readonly { id: string; text: string; vector: readonly number[] }[],
  threshold: number,
): GroupAssignment[] => {
  // Unit vectors and stems once: a pass compares a batch with every member.
  const known = members.map((member) => ({
    id: member.id,
    groupId: member.groupId,
    unit: unit(member.vector),
    stems: contentStems(member.text),
  }));
  return phrases.map((phrase) => {
    const vector = unit(phrase.vector);
    const stems = contentStems(phrase.text);
    let nearest: (typeof known)[number] | null = null;
    let best = -Infinity;
    let similarity = 0;
    let overlap = 0;
    for (const member of known) {
      const cosine = dot(vector, member.unit);
      const words = wordOverlap(stems, member.stems);
      if (cosine + words > best) {
        best = cosine + words;
        nearest = member;
        similarity = cosine;
        overlap = words;
      }
    }
    const groupId = nearest && best >= threshold + WORD_OVERLAP_BAR ? nearest.groupId : phrase.id;
    known.push({ id: phrase.id, groupId, unit: vector, stems });
    return {
      id: phrase.id,
      groupId,
      nearestId: nearest?.id ?? null,
      similarity: nearest ? similarity : null,
      overlap: nearest ? overlap : null,
    };
  });
};
