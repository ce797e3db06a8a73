import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MATCH_THRESHOLD, NEAR_DUPLICATE_THRESHOLD, type DictionaryMatch } from '@/contract/dictionaryMatch';
import type { SpeechRateSettings } from '@/contract';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDictionaryProvider, buildItem } from '../support/dictionaryFakes';
import { buildMatchResult } from '../support/matchingFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';

type User = ReturnType<typeof userEvent.setup>;

const close = (score: number): DictionaryMatch => ({
  type: 'faq',
  id: 'f9',
  question: 'How does your pricing work?',
  category: 'Pricing',
  score,
  matchedText: 'How does your pricing work?',
  viaVariation: false,
  wouldFire: score >= MATCH_THRESHOLD,
});
const answer = (matches: DictionaryMatch[]) => vi.fn(async () => buildMatchResult(matches));

const renderDictionary = (matchPhrase: PortalDataProvider['matchPhrase']) => {
  const dataProvider = { ...buildDictionaryProvider({ objections: [buildItem()] }), matchPhrase } as PortalDataProvider;
  renderInAdmin(<DictionaryPage />, { dataProvider, path: '/dictionary' });
  return dataProvider;
};
const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp) => within(dialog()).getByRole('textbox', { name });
const rowAction = async (user: User, name: string) =>
  user.click(within((await screen.findAllByTestId('item-row', {}, { timeout: 10_000 }))[0]).getByRole('button', { name }));

describe('the item dialogs: near-duplicates', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns, with a link to the item, when a new question is very close to another; saving stays possible', async () => {
    const user = userEvent.setup();
    const matchPhrase = answer([close(0.93)]);
    const dataProvider = renderDictionary(matchPhrase);
    await user.click(await screen.findByRole('button', { name: 'Add Original Objection' }, { timeout: 10_000 }));
    await user.type(field(/Question/), 'How does the pricing work?');
    const warning = await within(dialog()).findByText('Very similar to "How does your pricing work?" (93%). You can still save.');
    expect(matchPhrase).toHaveBeenLastCalledWith({ text: 'How does the pricing work?' });
    const link = within(warning.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Open' });
    expect(link).toHaveAttribute('href', '/dictionary?tab=faqs&search=How+does+your+pricing+work%3F');
    expect(link).toHaveAttribute('target', '_blank');
    await user.type(field(/Answer/), 'Per seat.');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
  });

  it('stays quiet below the near-duplicate threshold, and leaves out the item being edited', async () => {
    const user = userEvent.setup();
    const matchPhrase = answer([close(NEAR_DUPLICATE_THRESHOLD - 0.01)]);
    renderDictionary(matchPhrase);
    await rowAction(user, 'Edit');
    await user.type(field(/Question/), ' now');
    await waitFor(() => expect(matchPhrase).toHaveBeenCalledWith({ text: 'Your price is too high now', excludeId: 'o1' }));
    expect(within(dialog()).queryByText(/Very similar to/)).not.toBeInTheDocument();
  });

  it('checks a new variation against every item but its own original', async () => {
    const user = userEvent.setup();
    const matchPhrase = answer([close(0.9)]);
    renderDictionary(matchPhrase);
    await rowAction(user, 'Add variation');
    await user.type(field(/Question/), 'What does it cost?');
    expect(await within(dialog()).findByText(/Very similar to "How does your pricing work\?" \(90%\)/)).toBeInTheDocument();
    expect(matchPhrase).toHaveBeenLastCalledWith({ text: 'What does it cost?', excludeId: 'o1' });
  });
});

describe('Settings: the speech-rate what-if', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  const preview = () =>
    vi.fn(async (settings: SpeechRateSettings) => ({
      sessions: 50,
      alerts: settings.enabled ? Math.round(6000 / settings.max_words) : 0,
      currentAlerts: 40,
      sessionsWithAlerts: 10,
      currentSessionsWithAlerts: 10,
      current: { enabled: true, time_window: 30, max_words: 150 },
    }));
  const maxWords = () => screen.getByRole('spinbutton', { name: 'Max Words' });

  it('follows the edited values once typing pauses, beside what the saved values raised', async () => {
    const user = userEvent.setup();
    const previewSpeechRate = preview();
    renderInAdmin(<SettingsPage />, { dataProvider: buildDataProvider({ previewSpeechRate }), path: '/settings' });
    const box = await screen.findByTestId('speech-rate-preview', {}, { timeout: 10_000 });
    expect(
      await within(box).findByText(
        'On the last 50 completed sessions, these values would have raised 40 alerts; the saved values raised 40.',
      ),
    ).toBeInTheDocument();
    await user.clear(maxWords());
    expect(screen.queryByTestId('speech-rate-preview')).not.toBeInTheDocument();
    await user.type(maxWords(), '100');
    expect(await screen.findByText('Counting alerts on recent sessions...')).toBeInTheDocument();
    expect(
      await screen.findByText('On the last 50 completed sessions, these values would have raised 60 alerts; the saved values raised 40.'),
    ).toBeInTheDocument();
    // the empty field and the partial values typed in between were never sent
    expect(previewSpeechRate.mock.calls.map(([settings]) => settings.max_words)).toEqual([150, 100]);
  });

  it('says that monitoring off raises nothing', async () => {
    const user = userEvent.setup();
    renderInAdmin(<SettingsPage />, { dataProvider: buildDataProvider({ previewSpeechRate: preview() }), path: '/settings' });
    await screen.findByTestId('speech-rate-preview', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('switch', { name: 'Enable speech rate monitoring' }));
    expect(
      await screen.findByText(
        'With monitoring off, no alerts would be raised (the saved values raised 40 on the last 50 completed sessions).',
      ),
    ).toBeInTheDocument();
  });
  it('speaks French', async () => {
    renderInAdmin(<SettingsPage />, {
      dataProvider: buildDataProvider({ previewSpeechRate: preview() }),
      path: '/settings',
      i18nProvider: polyglotI18nProvider(() => fr, 'fr'),
    });
    const box = await screen.findByTestId('speech-rate-preview', {}, { timeout: 10_000 });
    expect(within(box).getByText('Simulation')).toBeInTheDocument();
    expect(
      await within(box).findByText(
        'Sur les 50 dernières sessions terminées, ces valeurs auraient déclenché 40 alertes ; les valeurs enregistrées en ont déclenché 40.',
      ),
    ).toBeInTheDocument();
  });
});
