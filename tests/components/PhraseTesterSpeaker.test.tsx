import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryMatchBody, PhraseTestResult } from '@/contract/dictionaryMatch';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { buildDictionaryProvider, buildItem } from '../support/dictionaryFakes';
import { buildMatchingSettings, buildMatchResult } from '../support/matchingFakes';
import { renderInAdmin } from '../support/render';

const MINE = {
  type: 'landmine' as const,
  id: 'l1',
  question: 'guaranteed ROI',
  category: 'Claims',
  score: 0.62,
  matchedText: 'it pays for itself, guaranteed',
  viaVariation: true,
  wouldFire: true,
};
/** As the server answers a salesperson's phrase: landmines only, no objection verdict, the landmines' own threshold. */
const asRep = (matches: PhraseTestResult['matches']) =>
  buildMatchResult(matches, { landmineThreshold: 0.5, landmineThresholdSource: 'admin', threshold: 0.7 });

const renderPage = (matchPhrase: PortalDataProvider['matchPhrase'], locale: 'en' | 'fr' = 'en') => {
  const dataProvider = {
    ...buildDictionaryProvider({ objections: [buildItem()] }),
    matchPhrase,
    getMatching: vi.fn(async () => buildMatchingSettings()),
  } as PortalDataProvider;
  renderInAdmin(<DictionaryPage />, {
    dataProvider,
    path: '/dictionary',
    ...(locale === 'fr' ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
  });
};

describe('DictionaryPage: Test a phrase as the salesperson', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks as the salesperson, chosen by keyboard, and shows the landmines’ threshold and which landmine fires', async () => {
    const user = userEvent.setup();
    const matchPhrase = vi.fn(async ({ speaker }: DictionaryMatchBody) =>
      speaker === 'salesperson' ? asRep([MINE]) : buildMatchResult([]),
    );
    renderPage(matchPhrase);
    const customer = await screen.findByRole('radio', { name: 'The customer' }, { timeout: 10_000 });
    expect(customer).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Said by' })).toBeInTheDocument();
    customer.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'The salesperson' })).toBeChecked();
    // before any phrase: the landmines' threshold in force
    expect(screen.getByTestId('phrase-rule')).toHaveTextContent('Landmines fire from 50% (use-lite-512, calibrated Nov 26, 2026)');
    await user.type(screen.getByRole('textbox', { name: 'What a salesperson might say' }), 'trust me, it pays for itself');
    const [row] = await screen.findAllByTestId('phrase-match');
    expect(matchPhrase).toHaveBeenLastCalledWith({ text: 'trust me, it pays for itself', speaker: 'salesperson' });
    expect(within(row).getByText('Landmine')).toBeInTheDocument();
    expect(within(row).getByText('Would fire')).toBeInTheDocument();
    expect(screen.getByTestId('phrase-rule')).toHaveTextContent('Landmines fire from 50% (use-lite-512, set by an admin)');
    expect(screen.getByTestId('phrase-verdict')).toHaveTextContent('The landmine "guaranteed ROI" would fire.');
  });

  it('says how far below the landmines’ threshold the closest one is, or that a compliant wording is closer', async () => {
    const user = userEvent.setup();
    const matchPhrase = vi.fn(async ({ text }: DictionaryMatchBody) =>
      asRep([{ ...MINE, wouldFire: false, score: text.startsWith('below') ? 0.44 : 0.55 }]),
    );
    renderPage(matchPhrase);
    await user.click(await screen.findByRole('radio', { name: 'The salesperson' }, { timeout: 10_000 }));
    const field = screen.getByRole('textbox', { name: 'What a salesperson might say' });
    await user.type(field, 'below the line');
    expect(await screen.findByTestId('phrase-verdict')).toHaveTextContent(
      'No landmine fires: the closest, "guaranteed ROI", is 6 points below the landmine threshold.',
    );
    expect(within(screen.getByTestId('phrase-match')).getByText('Below threshold')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'compliant wording');
    expect(
      await screen.findByText('No landmine fires: "guaranteed ROI" is close, but a compliant way to say it is closer.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('phrase-match')).getByText('Would not fire')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderPage(
      vi.fn(async () => asRep([MINE])),
      'fr',
    );
    await user.click(await screen.findByRole('radio', { name: 'Le commercial' }, { timeout: 10_000 }));
    expect(screen.getByRole('radiogroup', { name: 'Dit par' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Ce que pourrait dire un commercial' }), 'garanti');
    expect(await screen.findByTestId('phrase-verdict')).toHaveTextContent('Le sujet sensible « guaranteed ROI » se déclencherait.');
  });
});
