import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it, vi } from 'vitest';
import type { VariationSuggestions } from '@/contract/variationSuggestions';
import { fr } from '@/i18n/fr';
import { SuggestionsPage } from '@/resources/dictionary/suggestions/SuggestionsPage';
import { buildDataProvider, renderInAdmin } from '../support/render';

const suggestion = (id: string, text: string, score: number, extra = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  text,
  score,
  reason: 'belowThreshold' as const,
  runnerUp: null,
  sessionId: `session-${id}`,
  sessionName: `Discovery call ${id}`,
  startTime: '2026-11-20T10:00:00.000Z',
  calls: 1,
  ...extra,
});

const SUGGESTIONS: VariationSuggestions = {
  total: 3,
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      kind: 'faq',
      question: 'Do you integrate with Salesforce?',
      category: 'Integrations',
      suggestions: [suggestion('1', 'can it plug into our salesforce', 0.52), suggestion('2', 'does it sync with the CRM we use', 0.5)],
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      kind: 'objection',
      question: 'Your price is too high.',
      category: 'Price',
      suggestions: [suggestion('3', 'that is a lot of money for us', 0.57, { reason: 'tooClose', runnerUp: 'No budget.', calls: 3 })],
    },
  ],
};

const renderPage = (overrides = {}, locale: 'en' | 'fr' = 'en') => {
  const dataProvider = buildDataProvider({
    getVariationSuggestions: vi.fn(async () => SUGGESTIONS),
    addSuggestedVariation: vi.fn(async () => undefined),
    dismissVariationSuggestion: vi.fn(async () => undefined),
    ...overrides,
  });
  renderInAdmin(<SuggestionsPage />, {
    dataProvider,
    path: '/dictionary/suggestions',
    ...(locale === 'fr' ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
  });
  return dataProvider;
};

describe('Suggested variations', { timeout: 30_000 }, () => {
  it('lists them by item with score, reason and call, and adds one then dismisses one by keyboard, each leaving the list', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading suggestions...');
    const salesforce = await screen.findByRole('region', { name: 'Do you integrate with Salesforce?' });
    expect(within(salesforce).getByText('2 suggestions')).toBeInTheDocument();
    const price = screen.getByRole('region', { name: 'Your price is too high.' });
    expect(within(price).getByText('Scored 57%, too close to “No budget.”, heard on 3 calls')).toBeInTheDocument();
    expect(within(price).getByRole('link', { name: 'Call: Discovery call 3' })).toHaveAttribute('href', '/sessions/session-3');

    const add = within(salesforce).getAllByRole('button', { name: 'Add as variation' })[0];
    expect(add).toHaveAccessibleDescription('“can it plug into our salesforce”');
    add.focus();
    await user.keyboard('{Enter}');
    expect(dataProvider.addSuggestedVariation).toHaveBeenCalledWith(SUGGESTIONS.items[0].suggestions[0].id);
    expect(
      await screen.findByText('Added “can it plug into our salesforce” as a variation of “Do you integrate with Salesforce?”.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('“can it plug into our salesforce”')).not.toBeInTheDocument();
    const next = within(salesforce).getByRole('button', { name: 'Add as variation' });
    await waitFor(() => expect(next).toHaveFocus());

    await user.tab();
    expect(within(salesforce).getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dataProvider.dismissVariationSuggestion).toHaveBeenCalledWith(SUGGESTIONS.items[0].suggestions[1].id);
    await screen.findByText('Dismissed “does it sync with the CRM we use”.');
    expect(screen.queryByRole('region', { name: 'Do you integrate with Salesforce?' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add as variation' })).toHaveFocus());
  });

  it('says when there is nothing to suggest, in French', async () => {
    renderPage({ getVariationSuggestions: vi.fn(async () => ({ items: [], total: 0 })) }, 'fr');
    expect(await screen.findByText(/Aucune suggestion pour l'instant/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Variantes suggérées' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry that reads again', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(SUGGESTIONS);
    renderPage({ getVariationSuggestions: read });
    expect(await screen.findByText('The suggestions could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your price is too high.' })).toBeInTheDocument();
  });
});
