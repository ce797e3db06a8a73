import { vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import type { DictionaryItem, Landmine, Variation } from '@/resources/dictionary/items/dictionaryTypes';
import { buildDataProvider } from './render';

export const buildVariation = (overrides: Partial<Variation> = {}): Variation => ({
  _id: 'v1',
  question: 'It costs too much',
  category: 'Variation',
  needsEmbedding: false,
  ...overrides,
});

export const buildItem = (overrides: Partial<DictionaryItem> = {}): DictionaryItem => ({
  id: 'o1',
  question: 'Your price is too high',
  answer: 'We focus on total cost of ownership.\nMost customers break even in 6 months.',
  category: 'Original',
  isOriginal: true,
  parentId: null,
  needsEmbedding: false,
  variations: [buildVariation()],
  ...overrides,
});

export const buildItems = (count: number, prefix = 'Objection') =>
  Array.from({ length: count }, (_, index) => buildItem({ id: `o${index + 1}`, question: `${prefix} ${index + 1}`, variations: [] }));

export const buildLandmine = (overrides: Partial<Landmine> = {}): Landmine => ({
  id: 'l1',
  trigger: 'guaranteed returns',
  triggerVariations: ['promise profit', 'sure thing'],
  category: 'Financial',
  priority: 'high',
  canSay: [{ point: 'Past performance data', context: 'with disclaimers' }, { point: 'Case studies' }, { point: 'Industry benchmarks' }],
  cannotSay: [
    { point: 'Guaranteed ROI', reason: 'Misleading', severity: 'legal_risk' },
    { point: 'Risk-free', severity: 'compliance_risk' },
    { point: 'Best in the world', severity: 'brand_risk' },
    { point: 'No downside', severity: 'general' },
  ],
  quickTips: 'Talk about history, not promises',
  isActive: true,
  ...overrides,
});

interface FakeData {
  objections?: DictionaryItem[];
  faqs?: DictionaryItem[];
  landmines?: Landmine[];
}

/** A dataProvider over in-memory lists that pages like the server and records every call. */
export const buildDictionaryProvider = ({ objections = [], faqs = [], landmines = [] }: FakeData = {}) => {
  const lists: Record<string, DictionaryItem[]> = { objections, faqs };
  return buildDataProvider({
    getList: vi.fn(async (resource: string, params: GetListParams) => {
      if (resource === 'landmines') return { data: landmines, total: landmines.length };
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
      const list = lists[resource];
      return { data: list.slice((page - 1) * perPage, page * perPage), total: list.length };
    }) as never,
    create: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'new' } })) as never,
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...data, id } })) as never,
    delete: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: { id } })) as never,
    addVariation: vi.fn(async () => ({ _id: 'v-new' })),
    generateVariations: vi.fn(async () => ['Is it too expensive?', 'Why so costly?', 'Can you lower the price?']),
    toggleLandmine: vi.fn(async (id: string | number) => ({ id })) as never,
  });
};
