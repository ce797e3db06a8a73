import { tokenize } from '../matching/embeddings/local';

/* docs/insights-grouping.md "The rule": cosine plus word overlap, averaged over a group, against the model's threshold plus WORD_OVERLAP_BAR. */
/** Chosen on the tuning sets of tests/support/inquiryPhrasings.ts (docs/insights-grouping.md "How the rule was chosen"). */
export const WORD_OVERLAP_BAR = 0.32;

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

/** One suffix off, then six letters: "transcribe" and "transcription" meet without a dictionary of word forms. */
export const stem = (word: string): string => {
  const suffix = SUFFIXES.find((ending) => word.endsWith(ending) && word.length - ending.length >= 3);
  return (suffix ? word.slice(0, -suffix.length) : word).slice(0, 6);
};

export const contentStems = (text: string): Set<string> =>
  new Set(
    tokenize(text)
      .map((word) => word.replace(/'.*$/, ''))
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
      .map(stem),
  );

/** Dice coefficient (0 when either is empty). */
export const wordOverlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return (2 * shared) / (a.size + b.size);
};

export interface GroupMember {
  id: string;
  groupId: string;
  text: string;
  vector: readonly number[];
}

export interface GroupAssignment {
  id: string;
  groupId: string;
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
 * A phrasing joins the group it is most alike to on average over the group's phrasings (one alike member is not enough:
 * questions sharing everyday words chain otherwise). Ties go to the group seen first; earlier phrasings of the list count
 * as members once assigned. `nearestId` is the most alike member of the chosen group.
 */
export const assignGroups = (
  members: readonly GroupMember[],
  phrases: readonly { id: string; text: string; vector: readonly number[] }[],
  threshold: number,
): GroupAssignment[] => {
  const known = members.map((member) => ({
    id: member.id,
    groupId: member.groupId,
    unit: unit(member.vector),
    stems: contentStems(member.text),
  }));
  return phrases.map((phrase) => {
    const vector = unit(phrase.vector);
    const stems = contentStems(phrase.text);
    const groups = new Map<string, { sum: number; count: number; nearest: (typeof known)[number]; cosine: number; words: number }>();
    for (const member of known) {
      const cosine = dot(vector, member.unit);
      const words = wordOverlap(stems, member.stems);
      const group = groups.get(member.groupId);
      if (!group) groups.set(member.groupId, { sum: cosine + words, count: 1, nearest: member, cosine, words });
      else {
        group.sum += cosine + words;
        group.count += 1;
        if (cosine + words > group.cosine + group.words) Object.assign(group, { nearest: member, cosine, words });
      }
    }
    let best: { mean: number; nearest: (typeof known)[number]; cosine: number; words: number } | null = null;
    for (const group of groups.values())
      if (!best || group.sum / group.count > best.mean) best = { ...group, mean: group.sum / group.count };
    const groupId = best && best.mean >= threshold + WORD_OVERLAP_BAR ? best.nearest.groupId : phrase.id;
    known.push({ id: phrase.id, groupId, unit: vector, stems });
    return {
      id: phrase.id,
      groupId,
      nearestId: best?.nearest.id ?? null,
      similarity: best ? best.cosine : null,
      overlap: best ? best.words : null,
    };
  });
};
