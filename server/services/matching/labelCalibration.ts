import {
  LABEL_FALSE_FIRE_RATE,
  type LabelSample,
  LABELS_MINIMUM,
  labelWhatIf,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
} from '../../../src/contract/matching';
import { LANDMINE_COMPLIANT_MARGIN, LANDMINE_RECALL } from './rule';

/* docs/matching.md "Labelled phrases": thresholds calibrated on what customers and reps actually said, once there are enough labels. */
export interface LabelInput {
  kind: 'right' | 'wrong' | 'shouldFire' | 'nothing';
  itemId: string | null;
  call: string;
  vector: Float32Array;
}

export interface TextsInput {
  itemIds: string[];
  vectors: Float32Array[];
}

export interface LabelCalibration {
  threshold: number | null;
  sample: LabelSample;
  used: { labels: number; calls: number };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

const unit = (vector: ArrayLike<number>): Float64Array => {
  let norm = 0;
  for (let i = 0; i < vector.length; i += 1) norm += vector[i] * vector[i];
  const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
  return Float64Array.from(vector, (value) => value * scale);
};

/** Each text's unit vector laid end to end, and its item's position: the scoring loop touches one array. */
const pack = ({ itemIds, vectors }: TextsInput) => {
  const items = [...new Set(itemIds)];
  const at = new Map(items.map((id, k) => [id, k]));
  const size = vectors[0]?.length ?? 0;
  const flat = new Float64Array(vectors.length * size);
  vectors.forEach((vector, t) => {
    flat.set(unit(vector).subarray(0, size), t * size);
  });
  return { items, owner: Int32Array.from(itemIds, (id) => at.get(id)!), flat, size, count: vectors.length };
};

const dot = (a: Float64Array, flat: Float64Array, offset: number, size: number) => {
  let sum = 0;
  for (let i = 0; i < size; i += 1) sum += a[i] * flat[offset + i];
  return sum;
};

const ZERO = new Float64Array(0);

/**
 * Each item's best cosine with four labels at once (`bests[b]` for `vectors[b]`): each text's numbers are read once
 * for the four, which is what keeps 10,000 labels within seconds (docs/matching.md "Labelled phrases").
 */
const bestOfFour = (vectors: readonly Float64Array[], texts: ReturnType<typeof pack>, bests: Float32Array[]) => {
  for (const best of bests) best.fill(-2);
  const [a0, a1, a2, a3] = [0, 1, 2, 3].map((b) => (vectors[b] && vectors[b].length >= texts.size ? vectors[b] : ZERO));
  const full = a3.length > 0;
  const { flat, size, owner } = texts;
  for (let t = 0; t < texts.count; t += 1) {
    const offset = t * size;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    if (full)
      for (let i = 0; i < size; i += 1) {
        const x = flat[offset + i];
        s0 += a0[i] * x;
        s1 += a1[i] * x;
        s2 += a2[i] * x;
        s3 += a3[i] * x;
      }
    else {
      s0 = vectors[0] ? dot(vectors[0], flat, offset, size) : 0;
      s1 = vectors[1] ? dot(vectors[1], flat, offset, size) : 0;
      s2 = vectors[2] ? dot(vectors[2], flat, offset, size) : 0;
    }
    const k = owner[t];
    if (s0 > bests[0][k]) bests[0][k] = s0;
    if (s1 > bests[1][k]) bests[1][k] = s1;
    if (s2 > bests[2][k]) bests[2][k] = s2;
    if (s3 > bests[3][k]) bests[3][k] = s3;
  }
};

const firstTwo = (best: Float32Array) => {
  let top = -1;
  let second = -1;
  for (let k = 0; k < best.length; k += 1) {
    if (top < 0 || best[k] > best[top]) {
      second = top;
      top = k;
    } else if (second < 0 || best[k] > best[second]) second = k;
  }
  return { top, second };
};

/** What firing would mean for this label when `topId` ranks first; null when the label does not say. */
const outcomeOf = (label: LabelInput, topId: string | undefined): number | null => {
  if (label.kind === 'nothing') return 2;
  if (label.kind === 'wrong') return topId === label.itemId ? 3 : null;
  return topId === label.itemId ? 0 : 1;
};

const sampleOf = (
  labels: readonly LabelInput[],
  textsInput: TextsInput,
  entry: (vector: Float64Array, score: number, lead: number) => number,
) => {
  const texts = pack(textsInput);
  const bests = [0, 1, 2, 3].map(() => new Float32Array(texts.items.length));
  const sample: LabelSample = [];
  const calls = new Set<string>();
  if (texts.count === 0) return { sample, calls };
  for (let start = 0; start < labels.length; start += 4) {
    const block = labels.slice(start, start + 4);
    const vectors = block.map((label) => unit(label.vector).subarray(0, texts.size));
    bestOfFour(vectors, texts, bests);
    block.forEach((label, b) => {
      const { top, second } = firstTwo(bests[b]);
      const outcome = outcomeOf(label, texts.items[top]);
      if (outcome === null) return;
      const score = bests[b][top];
      const lead = second < 0 ? score : score - bests[b][second];
      sample.push([round(score), round(entry(vectors[b], score, lead)), outcome]);
      calls.add(label.call);
    });
  }
  return { sample, calls };
};

const enough = (sample: LabelSample, calls: Set<string>) => sample.length >= LABELS_MINIMUM.labels && calls.size >= LABELS_MINIMUM.calls;

/**
 * Objections and FAQs: the lowest threshold within `plausible` at which at most LABEL_FALSE_FIRE_RATE of the labelled
 * phrases fire a wrong item and of the nothing-phrases fire at all; the lowest, so the most right items fire.
 */
export const calibrateOnLabels = (
  labels: readonly LabelInput[],
  texts: TextsInput,
  plausible: { min: number; max: number },
  margin: number,
): LabelCalibration => {
  const { sample, calls } = sampleOf(labels, texts, (_, __, lead) => lead);
  const used = { labels: sample.length, calls: calls.size };
  if (!enough(sample, calls)) return { threshold: null, sample, used };
  let threshold = plausible.max;
  for (let step = Math.round(plausible.min * 1000); step <= Math.round(plausible.max * 1000); step += 1) {
    const { wrongRate, nothingRate } = labelWhatIf(sample, step / 1000, margin);
    if (wrongRate <= LABEL_FALSE_FIRE_RATE && nothingRate <= LABEL_FALSE_FIRE_RATE) {
      threshold = step / 1000;
      break;
    }
  }
  return { threshold, sample, used };
};

/**
 * Landmines, for recall as on the dictionary's texts: the highest threshold at which LANDMINE_RECALL of the lines
 * labelled with a landmine that ranks first (and no can-say point holds back) still fire it, never below `floor`.
 */
export const calibrateLandminesOnLabels = (
  labels: readonly LabelInput[],
  texts: TextsInput,
  compliant: readonly Float32Array[],
  floor: number,
): LabelCalibration => {
  const safe = compliant.map(unit);
  const { sample, calls } = sampleOf(labels, texts, (vector, score) => {
    let closest = -1;
    for (const point of safe) closest = Math.max(closest, dot(vector, point, 0, vector.length));
    return score >= closest + LANDMINE_COMPLIANT_MARGIN ? 0 : -1;
  });
  const used = { labels: sample.length, calls: calls.size };
  const own = sample
    .filter(([, lead, outcome]) => outcome === 0 && lead >= 0)
    .map(([score]) => score)
    .sort((a, b) => a - b);
  if (!enough(sample, calls) || own.length === 0) return { threshold: null, sample, used };
  const threshold = round(Math.min(THRESHOLD_MAX, Math.max(floor, THRESHOLD_MIN, own[Math.floor((1 - LANDMINE_RECALL) * own.length)])));
  return { threshold, sample, used };
};
