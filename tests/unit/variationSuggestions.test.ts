import { SUGGESTION_BAND, suggestionsOf } from '../../server/services/variations/suggestionJob';

/** Scores are cosines, so unit vectors set them exactly. */
const unit = (...values: number[]) => {
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
};
const index = [
  { itemId: 'price', text: 'Too expensive.', vector: [1, 0, 0] },
  { itemId: 'budget', text: 'No budget.', vector: unit(0.999, 0, 0.045) },
  { itemId: 'salesforce', text: 'Salesforce?', vector: [0, 1, 0] },
];
const rule = { threshold: 0.6, margin: 0.02 };
const said = (text: string, vector: number[]) => ({ sessionId: 's', seq: 0, text, vector });
const below = (score: number) => [0, score, Math.sqrt(1 - score ** 2)];

describe('suggested variations: which utterances', () => {
  it('keeps a best item within the band below the threshold, and one too close to a second item, never one that fires', () => {
    const found = suggestionsOf(
      [
        said('within the band', below(0.55)),
        said('below the band', below(rule.threshold - SUGGESTION_BAND - 0.01)),
        said('fires', [0, 1, 0]),
        said('too close', unit(0.95, 0, 0.31)),
      ],
      index,
      rule,
    );
    expect(found.map(({ text, itemId, reason }) => ({ text, itemId, reason }))).toEqual([
      { text: 'within the band', itemId: 'salesforce', reason: 'belowThreshold' },
      { text: 'too close', itemId: 'budget', reason: 'tooClose' },
    ]);
    expect(found[1].runnerUpId).toBe('price');
  });

  it("skips a line that is already one of its item's texts, in any case", () => {
    expect(suggestionsOf([said('salesforce', below(0.55))], index, rule)).toEqual([]);
  });
});
