import { describe, expect, it, vi } from 'vitest';
import { resources } from '@/resources/registry';
import { testDataProvider } from '../support/testDataProvider';

const setup = (reply: unknown) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { dataProvider: testDataProvider(fetchFn, resources), calls };
};

describe('the dictionary custom methods of the dataProvider', () => {
  it('lists a page of FAQs with the search text as a query parameter', async () => {
    const { dataProvider, calls } = setup({ faqs: [{ _id: 'f1', variations: [] }], pagination: { total: 21, totalPages: 2 } });
    const result = await dataProvider.getList('faqs', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { search: 'price' },
    });
    expect(calls[0].url).toBe('/api/dictionary/faqs/grouped?page=2&limit=20&search=price');
    expect(result).toEqual({ data: [{ id: 'f1', variations: [] }], total: 21 });
  });

  it('adds a variation under the original', async () => {
    const { dataProvider, calls } = setup({ success: true, data: { _id: 'v1' } });
    await dataProvider.addVariation('objections', 'o1', { question: 'Too pricey?', category: 'AI Generated' });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/dictionary/objections/o1/variations',
      body: { question: 'Too pricey?', category: 'AI Generated' },
    });
  });

  it('asks for generated variations and returns their texts', async () => {
    const { dataProvider, calls } = setup({ success: true, variations: ['A?', 'B?', 'C?'] });
    expect(await dataProvider.generateVariations('faqs', 'f1', 3)).toEqual(['A?', 'B?', 'C?']);
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/dictionary/faqs/f1/generate-variations', body: { count: 3 } });
  });

  it('toggles a landmine with a bodyless PATCH and returns it with an id', async () => {
    const { dataProvider, calls } = setup({ success: true, landmine: { _id: 'l1', isActive: false } });
    expect(await dataProvider.toggleLandmine('l1')).toEqual({ id: 'l1', isActive: false });
    expect(calls[0]).toEqual({ method: 'PATCH', url: '/api/landmines/l1/toggle-status', body: undefined });
  });
});
