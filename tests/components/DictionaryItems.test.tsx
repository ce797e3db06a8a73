import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { buildDictionaryProvider, buildItem, buildItems, buildVariation } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';

const renderDictionary = (dataProvider = buildDictionaryProvider({ objections: [buildItem()] })) => {
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
  return dataProvider;
};

const rows = () => screen.getAllByTestId('item-row');
const firstRow = async () => (await screen.findAllByTestId('item-row'))[0];

describe('DictionaryPage: objection and FAQ rows', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the three tabs, the search box, Refresh and the tab Add button', async () => {
    const user = userEvent.setup();
    renderDictionary();
    expect(screen.getByRole('tab', { name: 'Objections', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FAQs' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Landmines' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search questions and answers...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Original Objection' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'FAQs' }));
    expect(screen.getByRole('button', { name: 'Add Original FAQ' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Landmines' }));
    expect(screen.getByRole('button', { name: 'Add Landmine' })).toBeInTheDocument();
  });

  it('shows a loading state, then the question, badges, variation count and the answer as text', async () => {
    renderDictionary(buildDictionaryProvider({ objections: [buildItem({ answer: '<b>Value</b>\nline two', needsEmbedding: true })] }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const row = await firstRow();
    expect(within(row).getByText('Your price is too high')).toBeInTheDocument();
    expect(within(row).getByText('Original')).toBeInTheDocument();
    expect(within(row).getByText('1 variation')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText(/<b>Value<\/b>/)).toBeInTheDocument();
    expect(row.querySelector('b')).toBeNull();
  });

  it('breaks a word longer than the line anywhere and isolates each text, so neither widens nor reorders the row', async () => {
    const long = 'x'.repeat(10_000);
    const rtl = 'السعر مرتفع جدا';
    renderDictionary(buildDictionaryProvider({ objections: [buildItem({ question: rtl, answer: long })] }));
    const row = await firstRow();
    for (const text of [rtl, long]) {
      const shown = within(row).getByText(text);
      expect(shown.tagName).toBe('BDI');
      const block = getComputedStyle(shown.parentElement!);
      expect(block.overflowWrap).toBe('anywhere');
      expect(block.whiteSpace).toBe('pre-line');
    }
  });

  it('expands and collapses the variations with an accessible toggle', async () => {
    const user = userEvent.setup();
    renderDictionary();
    const toggle = within(await firstRow()).getByRole('button', { name: 'Show variations' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('It costs too much')).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide variations' })).toHaveAttribute('aria-expanded', 'true');
    const variation = screen.getByTestId('variation-row');
    expect(within(variation).getByText('It costs too much')).toBeInTheDocument();
    expect(within(variation).getByText('Ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide variations' }));
    await waitFor(() => expect(screen.queryByText('It costs too much')).not.toBeInTheDocument());
  });

  it('shows the empty state', async () => {
    renderDictionary(buildDictionaryProvider());
    expect(await screen.findByText('No items found. Try adjusting your search or add a new item.')).toBeInTheDocument();
  });

  it('shows the fetch error banner, not the empty state, when the list fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = buildDictionaryProvider();
    dataProvider.getList = vi.fn(async () => Promise.reject(new Error('down')));
    renderDictionary(dataProvider);
    expect(await screen.findByText('Failed to fetch dictionary items')).toBeInTheDocument();
    expect(screen.queryByText('No items found. Try adjusting your search or add a new item.')).not.toBeInTheDocument();
  });

  it('refetches by itself while a row is Pending, until it is Ready', async () => {
    const pending = buildItem({ needsEmbedding: true });
    const dataProvider = buildDictionaryProvider();
    dataProvider.getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [pending], total: 1 })
      .mockResolvedValue({ data: [{ ...pending, needsEmbedding: false }], total: 1 });
    renderDictionary(dataProvider);
    expect(await within(await firstRow()).findByText('Pending')).toBeInTheDocument();
    expect(await within(rows()[0]).findByText('Ready', {}, { timeout: 8_000 })).toBeInTheDocument();
    const calls = vi.mocked(dataProvider.getList).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(vi.mocked(dataProvider.getList).mock.calls.length).toBe(calls);
  });

  it('also refetches while only a variation is Pending', async () => {
    const dataProvider = buildDictionaryProvider();
    dataProvider.getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [buildItem({ variations: [buildVariation({ needsEmbedding: true })] })], total: 1 })
      .mockResolvedValue({ data: [buildItem()], total: 1 });
    renderDictionary(dataProvider);
    await firstRow();
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledTimes(2), { timeout: 8_000 });
  });
});

describe('DictionaryPage: search', { timeout: 30_000 }, () => {
  it('filters the loaded page on question, answer and variation questions, and sends the text to the server', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary(
      buildDictionaryProvider({
        objections: [
          buildItem(),
          buildItem({ id: 'o2', question: 'We already use a competitor', answer: 'Switching is easy.', variations: [] }),
        ],
      }),
    );
    await screen.findByText('We already use a competitor');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'COSTS TOO');
    expect(screen.getAllByTestId('item-row')).toHaveLength(1);
    expect(screen.getByText('Your price is too high')).toBeInTheDocument();
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith('objections', expect.objectContaining({ filter: { search: 'COSTS TOO' } })),
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'switching');
    expect(screen.getAllByTestId('item-row')).toHaveLength(1);
    expect(screen.getByText('We already use a competitor')).toBeInTheDocument();
  });
});

describe('DictionaryPage: pagination', { timeout: 30_000 }, () => {
  it('hides the footer with a single page', async () => {
    renderDictionary(buildDictionaryProvider({ objections: buildItems(20) }));
    await screen.findByText('Objection 20');
    expect(screen.queryByText(/original questions/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the range, Previous, a window of at most 5 pages and Next', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary(buildDictionaryProvider({ objections: buildItems(145) }));
    expect(await screen.findByText('Showing 1 to 20 of 145 original questions')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dictionary pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Showing 81 to 100 of 145 original questions')).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Page 7' }));
    await user.click(await within(nav).findByRole('button', { name: 'Page 8' }));
    expect(await screen.findByText('Showing 141 to 145 of 145 original questions')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 121 to 140 of 145 original questions')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('objections', expect.objectContaining({ pagination: { page: 7, perPage: 20 } }));
  });

  it('returns to page 1 when the tab changes', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDictionary(buildDictionaryProvider({ objections: buildItems(45), faqs: buildItems(45, 'FAQ') }));
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 original questions')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'FAQs' }));
    expect(await screen.findByText('FAQ 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 45 original questions')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenLastCalledWith('faqs', expect.objectContaining({ pagination: { page: 1, perPage: 20 } }));
  });
});
