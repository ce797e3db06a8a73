import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MATCH_THRESHOLD, NEAR_DUPLICATE_THRESHOLD, type DictionaryMatchResult } from '@/contract/dictionaryMatch';
import { DictionaryPage } from '@/customPages/dictionary/DictionaryPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDictionaryProvider, buildItem } from '../support/dictionaryFakes';
import { renderInAdmin } from '../support/render';

const result = (matches: DictionaryMatchResult['matches']): DictionaryMatchResult => ({
  matches,
  threshold: MATCH_THRESHOLD,
  nearDuplicateThreshold: NEAR_DUPLICATE_THRESHOLD,
  model: 'local-hashed-bow-256',
});
const PRICE = {
  type: 'objection' as const,
  id: 'o1',
  question: 'Your price is too high',
  category: 'Pricing',
  score: 0.92,
  matchedText: 'It costs too much',
  viaVariation: true,
  wouldFire: true,
};
const MINE = {
  ...PRICE,
  type: 'landmine' as const,
  id: 'l1',
  question: 'guaranteed returns',
  score: 0.41,
  matchedText: 'guaranteed returns',
  viaVariation: false,
  wouldFire: false,
};

const renderPage = (matchPhrase: PortalDataProvider['matchPhrase'], i18nProvider?: I18nProvider) => {
  const dataProvider = { ...buildDictionaryProvider({ objections: [buildItem()] }), matchPhrase } as PortalDataProvider;
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary', ...(i18nProvider ? { i18nProvider } : {}) });
  return dataProvider;
};
const phraseField = (name = 'Test a phrase') => screen.getByRole('textbox', { name });

describe('DictionaryPage: Test a phrase', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks once typing pauses and lists the matches best first, with percentages and which would fire', async () => {
    const user = userEvent.setup();
    const matchPhrase = vi.fn(async () => result([PRICE, MINE]));
    renderPage(matchPhrase);
    await screen.findAllByTestId('item-row', {}, { timeout: 10_000 });
    expect(screen.getByText('The assistant fires from 70% similarity.')).toBeInTheDocument();
    await user.type(phraseField(), 'It costs too much');
    const rows = await screen.findAllByTestId('phrase-match');
    expect(matchPhrase).toHaveBeenCalledTimes(1);
    expect(matchPhrase).toHaveBeenCalledWith({ text: 'It costs too much' });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Objection')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Your price is too high')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Matched: It costs too much')).toBeInTheDocument();
    expect(within(rows[0]).getByText('92%')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Would fire')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Landmine')).toBeInTheDocument();
    expect(within(rows[1]).getByText('41%')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Below threshold')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Matches, best first' })).toBeInTheDocument();
  });

  it('says when nothing resembles the phrase', async () => {
    const user = userEvent.setup();
    renderPage(vi.fn(async () => result([])));
    await user.type(await screen.findByRole('textbox', { name: 'Test a phrase' }, { timeout: 10_000 }), 'xylophone');
    expect(await screen.findByText('Nothing in the dictionary resembles this phrase.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('phrase-match')).toHaveLength(0);
  });

  it("shows the server's message when the comparison fails, and the loading state before", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let fail: (error: unknown) => void = () => undefined;
    renderPage(vi.fn(() => new Promise<DictionaryMatchResult>((_, reject) => (fail = reject))));
    await user.type(await screen.findByRole('textbox', { name: 'Test a phrase' }, { timeout: 10_000 }), 'price');
    expect(await screen.findByText('Comparing...')).toBeInTheDocument();
    fail(
      new HttpError('The phrase could not be compared right now. Please try again later.', 502, {
        error: 'MATCH_FAILED',
        message: 'The phrase could not be compared right now. Please try again later.',
      }),
    );
    expect(await screen.findByText('The phrase could not be compared right now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Comparing...')).not.toBeInTheDocument();
  });

  it('is usable from the keyboard: Escape or the clear button empties the field and the results', async () => {
    const user = userEvent.setup();
    renderPage(vi.fn(async () => result([PRICE])));
    const field = await screen.findByRole('textbox', { name: 'Test a phrase' }, { timeout: 10_000 });
    await user.click(field);
    await user.keyboard('too expensive');
    expect(await screen.findAllByTestId('phrase-match')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.queryAllByTestId('phrase-match')).toHaveLength(0));
    await user.keyboard('too expensive');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('');
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderPage(
      vi.fn(async () => result([PRICE])),
      polyglotI18nProvider(() => fr, 'fr'),
    );
    const field = await screen.findByRole('textbox', { name: 'Tester une phrase' }, { timeout: 10_000 });
    expect(screen.getByText(/L'assistant se déclenche à partir de 70\s%/)).toBeInTheDocument();
    await user.type(field, 'trop cher');
    const [row] = await screen.findAllByTestId('phrase-match');
    expect(within(row).getByText('Se déclencherait')).toBeInTheDocument();
    expect(within(row).getByText(/^92\s%$/)).toBeInTheDocument();
  });
});
