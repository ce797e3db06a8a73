import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_QUANTILE,
  calibrate,
  calibrateLandmines,
  decide,
  decideLandmine,
  type IndexedText,
  LANDMINE_RECALL,
  scoreItems,
} from '../../server/services/matching/rule';
import { THRESHOLD_MAX, THRESHOLD_MIN, whatIf } from '../../src/contract/matching';

const unit = (...values: number[]) => {
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
};
/** Two items on two axes, each text a little off its axis. */
const index: IndexedText[] = [
  { itemId: 'price', text: 'too expensive', vector: unit(1, 0.1, 0) },
  { itemId: 'price', text: 'too pricey', vector: unit(1, 0.2, 0) },
  { itemId: 'budget', text: 'no budget', vector: unit(0.1, 1, 0) },
  { itemId: 'budget', text: 'no money this year', vector: unit(0.3, 1, 0) },
];

describe('the matching rule (docs/matching.md)', () => {
  it('scores each item by its best text, best item first, and tells which text matched', () => {
    const ranked = scoreItems(unit(1, 0.15, 0), index);
    expect(ranked.map((entry) => entry.itemId)).toEqual(['price', 'budget']);
    expect(ranked[0].score).toBeGreaterThan(0.99);
    expect(['too expensive', 'too pricey']).toContain(ranked[0].text);
    expect(scoreItems(unit(1, 0, 0), index, (entry) => entry.itemId === 'price').map((entry) => entry.itemId)).toEqual(['budget']);
  });

  it('fires the best item from the threshold when it leads the runner-up by the margin', () => {
    const verdict = decide(scoreItems(unit(1, 0.15, 0), index), { threshold: 0.8, margin: 0.02 });
    expect(verdict).toMatchObject({ outcome: 'fires', itemId: 'price', runnerUpId: 'budget', shortBy: null });
    expect(verdict.lead).toBeGreaterThan(0.02);
  });

  it('says how far below the threshold the best item is', () => {
    const ranked = scoreItems(unit(0.3, 0.3, 1), index);
    const verdict = decide(ranked, { threshold: 0.8, margin: 0.02 });
    expect(verdict.outcome).toBe('belowThreshold');
    expect(verdict.shortBy).toBeCloseTo(0.8 - ranked[0].score, 3);
  });

  it('fires nothing when two items are too close (a phrase between two items is no answer)', () => {
    const between = unit(1, 1, 0);
    const ranked = scoreItems(between, index);
    const verdict = decide(ranked, { threshold: 0.5, margin: 0.05 });
    expect(verdict.outcome).toBe('tooClose');
    expect(verdict.lead).toBeLessThan(0.05);
    expect(decide(ranked, { threshold: 0.5, margin: 0 }).outcome).toBe('fires');
  });

  it('has nothing to compare with an empty dictionary', () => {
    expect(decide([], { threshold: 0.5, margin: 0.02 })).toEqual({
      outcome: 'nothingToCompare',
      itemId: null,
      runnerUpId: null,
      shortBy: null,
      lead: null,
    });
  });

  it("calibrates leave-one-out: each text's own item and best other item, the threshold at the quantile of the other scores", () => {
    // 30 items of 3 texts on their own axes, plus a shared component that sets how alike items are.
    const texts: IndexedText[] = [];
    for (let item = 0; item < 30; item += 1)
      for (let text = 0; text < 3; text += 1) {
        const vector = new Array<number>(31).fill(0);
        vector[item] = 1;
        vector[30] = 0.4 + 0.02 * text + 0.01 * item;
        texts.push({ itemId: `item-${item}`, text: `${item}-${text}`, vector: unit(...vector) });
      }
    const result = calibrate(texts);
    expect(result).toMatchObject({ texts: 90, items: 30 });
    expect(result.sample.own).toHaveLength(90);
    expect(result.sample.other).toHaveLength(90);
    for (const [at, own] of result.sample.own.entries()) expect(own!).toBeGreaterThan(result.sample.other[at]);
    const sorted = [...result.sample.other].sort((a, b) => a - b);
    expect(result.threshold).toBe(
      Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, sorted[Math.floor(CALIBRATION_QUANTILE * sorted.length)])),
    );
    // Every text fires its own item at the calibrated threshold, none another one.
    expect(whatIf(result.sample, result.threshold!, 0)).toEqual({ ownRate: 1, wrongRate: 0 });
    expect(whatIf(result.sample, 1.01, 0)).toEqual({ ownRate: 0, wrongRate: 0 });
  });

  it('calibrates nothing from too small a dictionary (the default threshold stays)', () => {
    expect(calibrate(index).threshold).toBeNull();
    expect(calibrate([]).threshold).toBeNull();
  });

  /** Three landmines on three axes, ten texts each, the n-th text cos(n / 20) from its axis. */
  const mines: IndexedText[] = ['consent', 'refund', 'guarantee'].flatMap((itemId, axis) =>
    Array.from({ length: 10 }, (_, n) => {
      const vector = [0, 0, 0, 0];
      vector[axis] = Math.cos(n / 20);
      vector[3] = Math.sin(n / 20);
      return { itemId, text: `${itemId} ${n}`, vector };
    }),
  );

  it('calibrates the landmines for recall: LANDMINE_RECALL of their own texts, each left out, fire their landmine', () => {
    const { threshold, sample, texts } = calibrateLandmines(mines);
    expect(texts).toBe(mines.length);
    expect(sample).toHaveLength(mines.length);
    const fired = mines.filter((probe, at) => {
      const ranked = scoreItems(probe.vector, mines, (_, j) => j === at);
      return decideLandmine(ranked, -1, threshold!) === probe.itemId;
    });
    expect(fired.length / mines.length).toBeGreaterThanOrEqual(LANDMINE_RECALL);
    expect(threshold).toBeLessThan(1);
  });

  it("bounds the landmines' threshold below by the model's plausible minimum, and fires none a compliant text outscores", () => {
    // Each text on its landmine's axis and an axis of its own: any two of a landmine's texts score 1 / (1 + 1.5²).
    const spread: IndexedText[] = mines.map((entry, at) => {
      const vector = new Array<number>(3 + mines.length).fill(0);
      vector[Math.floor(at / 10)] = 1;
      vector[3 + at] = 1.5;
      return { ...entry, vector: unit(...vector) };
    });
    const free = calibrateLandmines(spread).threshold!;
    expect(free).toBeCloseTo(1 / 3.25, 3);
    expect(calibrateLandmines(spread, 0.45).threshold).toBe(0.45);
    expect(calibrateLandmines(spread, 0).threshold).toBe(free);
    const ranked = scoreItems(mines[0].vector, mines, (_, j) => j === 0);
    expect(decideLandmine(ranked, 0.5, 0.4)).toBe('consent');
    expect(decideLandmine(ranked, 1, 0.4)).toBeNull();
    expect(decideLandmine(ranked, 0.5, 1.01)).toBeNull();
    expect(calibrateLandmines(mines.slice(0, 12)).threshold).toBeNull();
  });
});
