import { describe, expect, it } from 'vitest';
import { searchItems, searchLandmines } from '@/resources/dictionary/items/searchItems';

const buildItem = (
  overrides: Partial<{
    question: string;
    answer: string;
    variations: { _id: string; question: string; category: string; needsEmbedding: boolean }[];
  }> = {},
) => ({
  question: 'Your price is too high',
  answer: 'We focus on total cost of ownership.',
  variations: [{ _id: 'v1', question: 'It costs too much', category: 'Variation', needsEmbedding: false }],
  ...overrides,
});

const buildLandmine = (overrides: Partial<{ trigger: string; category: string; quickTips: string; triggerVariations: string[] }> = {}) => ({
  trigger: 'guaranteed returns',
  category: 'Financial',
  quickTips: 'Talk about history, not promises',
  triggerVariations: ['promise profit'],
  ...overrides,
});

describe('searchItems (spec 5: objections and FAQs)', () => {
  const items = [buildItem(), buildItem({ question: 'Do you integrate with Salesforce?', answer: 'Yes, natively.', variations: [] })];

  it('matches everything when the search is blank', () => {
    expect(searchItems(items, '   ')).toHaveLength(2);
  });

  it.each([
    ['the question', 'PRICE IS'],
    ['the answer', 'cost of OWNERSHIP'],
    ['a variation question', 'costs too'],
  ])('matches on %s, ignoring case', (_, search) => {
    expect(searchItems(items, search)).toEqual([items[0]]);
  });

  it('finds nothing when no field contains the text', () => {
    expect(searchItems(items, 'warranty')).toEqual([]);
  });
});

describe('searchLandmines (spec 5)', () => {
  const landmines = [
    buildLandmine(),
    buildLandmine({ trigger: 'cancel anytime', category: 'Contract', quickTips: '', triggerVariations: [] }),
  ];

  it.each([
    ['the trigger', 'GUARANTEED'],
    ['the category', 'financial'],
    ['the quick tips', 'not promises'],
    ['a trigger variation', 'Promise Profit'],
  ])('matches on %s, ignoring case', (_, search) => {
    expect(searchLandmines(landmines, search)).toEqual([landmines[0]]);
  });

  it('does not match on other fields and keeps all for a blank search', () => {
    expect(searchLandmines(landmines, 'zzz')).toEqual([]);
    expect(searchLandmines(landmines, '')).toHaveLength(2);
  });
});
