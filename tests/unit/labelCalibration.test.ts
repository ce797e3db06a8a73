import { describe, expect, it } from 'vitest';
import { calibrateOnLabels, type LabelInput } from '../../server/services/matching/labelCalibration';
import { scoreItems } from '../../server/services/matching/rule';

let state = 7;
const random = () => {
  state = (state * 48_271) % 2_147_483_647;
  return state / 2_147_483_647 - 0.5;
};
const vector = () => Array.from({ length: 16 }, random);

/** docs/matching.md "Labelled phrases": each label scored as the rule scores a phrase, four labels at a time or fewer. */
describe('the labelled phrases sample', () => {
  it('gives each label its best item score, its lead and its outcome, whatever the size of the last block', () => {
    const index = Array.from({ length: 12 }, (_, at) => ({ itemId: `item-${at % 5}`, text: `t${at}`, vector: vector() }));
    const labels: LabelInput[] = Array.from({ length: 7 }, (_, at) => ({
      kind: at === 6 ? 'nothing' : 'shouldFire',
      itemId: at === 6 ? null : `item-${at % 5}`,
      call: `call-${at}`,
      vector: Float32Array.from(vector()),
    }));
    const texts = { itemIds: index.map((entry) => entry.itemId), vectors: index.map((entry) => Float32Array.from(entry.vector)) };
    const { sample, used, threshold } = calibrateOnLabels(labels, texts, { min: 0.3, max: 0.9 }, 0.02);
    const expected = labels.map((label) => {
      const [top, second] = scoreItems(Array.from(label.vector), index);
      const outcome = label.kind === 'nothing' ? 2 : top.itemId === label.itemId ? 0 : 1;
      return [top.score, top.score - second.score, outcome];
    });
    expect(sample).toHaveLength(7);
    sample.forEach(([score, lead, outcome], at) => {
      expect(score).toBeCloseTo(expected[at][0], 3);
      expect(lead).toBeCloseTo(expected[at][1], 3);
      expect(outcome).toBe(expected[at][2]);
    });
    // below the minimum (30 labels from 5 calls) the dictionary's own texts calibrate
    expect([used, threshold]).toEqual([{ labels: 7, calls: 7 }, null]);
  });
});
