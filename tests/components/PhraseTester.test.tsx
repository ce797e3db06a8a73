import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhraseTestResult } from '@/contract/dictionaryMatch';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDictionaryProvider, buildItem, buildLandmine } from '../support/dictionaryFakes';
import { buildMatchingSettings, buildMatchResult } from '../support/matchingFakes';
import { renderInAdmin } from '../support/render';

const result = (matches: PhraseTestResult['matches'], overrides: Partial<PhraseTestResult> = {}) =>
  buildMatchResult(matches, { model: 'local-hashed-bow-256', ...overrides });
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

const renderPage = (
  matchPhrase: PortalDataProvider['matchPhrase'],
  i18nProvider?: I18nProvider,
  getMatching: PortalDataProvider['getMatching'] = vi.fn(async () => buildMatchingSettings()),
) => {
  const dataProvider = { ...buildDictionaryProvider({ objections: [buildItem()] }), matchPhrase, getMatching } as PortalDataProvider;
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary', ...(i18nProvider ? { i18nProvider } : {}) });
  return dataProvider;
};
const phraseField = (name = 'What a customer might say') => screen.getByRole('textbox', { name });

describe('DictionaryPage: Test a phrase', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks once typing pauses and lists the matches best first, with percentages and which would fire', async () => {
    const user = userEvent.setup();
    const matchPhrase = vi.fn(async () => result([PRICE, MINE]));
    renderPage(matchPhrase);
    await screen.findAllByTestId('item-row', {}, { timeout: 10_000 });
    // before any phrase, the rule in force (GET /api/dictionary/matching)
    expect(await screen.findByText('Fires from 70% (use-lite-512, calibrated Nov 26, 2026)')).toBeInTheDocument();
    // the section's heading and its field's label say different things: the heading is not repeated
    const section = screen.getByRole('region', { name: 'Test a phrase' });
    expect(within(section).getAllByText('Test a phrase')).toHaveLength(1);
    expect(within(section).getByRole('textbox', { name: 'What a customer might say' })).toBeInTheDocument();
    await user.type(phraseField(), 'It costs too much');
    const rows = await screen.findAllByTestId('phrase-match');
    expect(matchPhrase).toHaveBeenCalledTimes(1);
    expect(matchPhrase).toHaveBeenCalledWith({ text: 'It costs too much', speaker: 'customer' });
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
    // the rule the answer was computed with, and why the best item fires
    expect(screen.getByText('Fires from 70% (local-hashed-bow-256, calibrated Nov 26, 2026)')).toBeInTheDocument();
    expect(screen.getByTestId('phrase-verdict')).toHaveTextContent('"Your price is too high" would fire.');
  });

  it('says when nothing resembles the phrase (the best item scored 0, so it is not listed nor named)', async () => {
    const user = userEvent.setup();
    renderPage(
      vi.fn(async () => result([], { verdict: { outcome: 'belowThreshold', itemId: 'o9', runnerUpId: null, shortBy: 0.7, lead: 0 } })),
    );
    await user.type(await screen.findByRole('textbox', { name: 'What a customer might say' }, { timeout: 10_000 }), 'xylophone');
    expect(await screen.findByText('Nothing in the dictionary resembles this phrase.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('phrase-match')).toHaveLength(0);
    expect(screen.queryByTestId('phrase-verdict')).not.toBeInTheDocument();
  });

  it("shows the server's message when the comparison fails, and the loading state before", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let fail: (error: unknown) => void = () => undefined;
    renderPage(vi.fn(() => new Promise<PhraseTestResult>((_, reject) => (fail = reject))));
    await user.type(await screen.findByRole('textbox', { name: 'What a customer might say' }, { timeout: 10_000 }), 'price');
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
    const field = await screen.findByRole('textbox', { name: 'What a customer might say' }, { timeout: 10_000 });
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

  it('adds the phrase as a variation of any objection or FAQ it was compared with, through the variation dialog, by keyboard', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPage(vi.fn(async () => result([PRICE, MINE])));
    await user.type(await screen.findByRole('textbox', { name: 'What a customer might say' }, { timeout: 10_000 }), 'that is steep');
    const [row, mine] = await screen.findAllByTestId('phrase-match');
    expect(within(mine).getByRole('button', { name: 'Add this phrase as a variation of “guaranteed returns”' })).toBeInTheDocument();
    within(row).getByRole('button', { name: 'Add this phrase as a variation of “Your price is too high”' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Question' })).toHaveValue('that is steep');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.addVariation).toHaveBeenCalledWith('objections', 'o1', { question: 'that is steep', category: 'Variation' }),
    );
    expect(await screen.findByText('Variation added successfully. Embeddings will be generated automatically.')).toBeInTheDocument();
  });

  it("adds the phrase to a landmine's trigger variations through the landmine's edit dialog", async () => {
    const user = userEvent.setup();
    const dataProvider = {
      ...buildDictionaryProvider({ objections: [buildItem()], landmines: [buildLandmine()] }),
      matchPhrase: vi.fn(async () => result([{ ...MINE, wouldFire: true }])),
      getMatching: vi.fn(async () => buildMatchingSettings()),
    } as PortalDataProvider;
    renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
    await user.type(await screen.findByRole('textbox', { name: 'What a customer might say' }, { timeout: 10_000 }), 'you cannot lose');
    const [row] = await screen.findAllByTestId('phrase-match');
    await user.click(within(row).getByRole('button', { name: 'Add this phrase as a variation of “guaranteed returns”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('you cannot lose')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('sure thing')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderPage(
      vi.fn(async () => result([PRICE])),
      polyglotI18nProvider(() => fr, 'fr'),
    );
    const field = await screen.findByRole('textbox', { name: 'Ce que pourrait dire un client' }, { timeout: 10_000 });
    expect(await screen.findByText(/^Se déclenche à partir de 70\s% \(use-lite-512, calibré le 26 nov\. 2026\)$/)).toBeInTheDocument();
    await user.type(field, 'trop cher');
    const [row] = await screen.findAllByTestId('phrase-match');
    expect(within(row).getByText('Se déclencherait')).toBeInTheDocument();
    expect(within(row).getByText(/^92\s%$/)).toBeInTheDocument();
    expect(screen.getByTestId('phrase-verdict')).toHaveTextContent('« Your price is too high » se déclencherait.');
  });
});

const VALUE = {
  ...PRICE,
  id: 'o2',
  question: 'We do not see the value',
  score: 0.91,
  matchedText: 'We do not see the value',
  viaVariation: false,
  wouldFire: false,
};

describe('DictionaryPage: Test a phrase explains why the best item fires or not', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  /** Types a phrase and waits for the answer's verdict, inside the results' polite live region. */
  const verdictFor = async (answer: PhraseTestResult, i18nProvider?: I18nProvider) => {
    const user = userEvent.setup();
    renderPage(
      vi.fn(async () => answer),
      i18nProvider,
    );
    await user.type(await screen.findByRole('textbox', { name: /might say|pourrait dire/ }, { timeout: 10_000 }), 'about the price');
    const verdict = await screen.findByTestId('phrase-verdict');
    expect(verdict.closest('[aria-live="polite"]')).not.toBeNull();
    return verdict;
  };

  it.each([
    [0.62, 'is 8 points below the threshold.'],
    [0.69, 'is 1 point below the threshold.'],
    [0.698, 'is less than 1 point below the threshold.'],
  ])('below the threshold (best score %s): how many points it is short', async (score, words) => {
    const verdict = await verdictFor(result([{ ...PRICE, score, wouldFire: false }]));
    expect(verdict).toHaveTextContent(`Nothing fires: the best item, "Your price is too high", ${words}`);
    expect(within(screen.getByTestId('phrase-match')).getByText('Below threshold')).toBeInTheDocument();
  });

  it('too close: names both items (the runner-up found among the matches), their gap and the margin needed', async () => {
    const answer = result([{ ...PRICE, wouldFire: false }, { ...MINE, score: 0.915, wouldFire: true }, VALUE]);
    expect(answer.verdict).toMatchObject({ outcome: 'tooClose', itemId: 'o1', runnerUpId: 'o2' });
    const verdict = await verdictFor(answer);
    expect(verdict).toHaveTextContent(
      'Nothing fires: "Your price is too high" and "We do not see the value" are too close (1 point apart; at least 2 needed).',
    );
    // both reach the threshold yet neither fires; the landmine fires from the threshold
    const [price, mine, value] = screen.getAllByTestId('phrase-match');
    expect(within(price).getByText('Would not fire')).toBeInTheDocument();
    expect(within(value).getByText('Would not fire')).toBeInTheDocument();
    expect(within(mine).getByText('Would fire')).toBeInTheDocument();
  });

  it('nothing to compare: says no embeddings are Ready rather than "nothing resembles"', async () => {
    const verdict = await verdictFor(result([]));
    expect(verdict).toHaveTextContent('Nothing to compare yet: no embeddings are Ready for this model.');
    expect(screen.queryByText('Nothing in the dictionary resembles this phrase.')).not.toBeInTheDocument();
  });

  it("shows the answer's own rule: an admin's threshold", async () => {
    await verdictFor(result([{ ...PRICE, score: 0.9 }], { threshold: 0.8, thresholdSource: 'admin', model: 'use-lite-512' }));
    expect(screen.getByTestId('phrase-rule')).toHaveTextContent('Fires from 80% (use-lite-512, set by an admin)');
  });

  it("before any phrase, the model's default threshold when nothing is calibrated", async () => {
    renderPage(
      vi.fn(async () => result([])),
      undefined,
      vi.fn(async () =>
        buildMatchingSettings({ threshold: 0.68, source: 'default', calibratedAt: null, calibratedThreshold: null, sample: null }),
      ),
    );
    expect(await screen.findByTestId('phrase-rule', {}, { timeout: 10_000 })).toHaveTextContent(
      "Fires from 68% (use-lite-512, the model's default)",
    );
  });

  it('speaks French', async () => {
    const answer = result([{ ...PRICE, wouldFire: false }, VALUE]);
    const verdict = await verdictFor(
      answer,
      polyglotI18nProvider(() => fr, 'fr'),
    );
    expect(verdict).toHaveTextContent(
      'Rien ne se déclenche : « Your price is too high » et « We do not see the value » sont trop proches (1 point d’écart ; au moins 2 requis).',
    );
  });
});
