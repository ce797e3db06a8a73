import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type I18nProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGES } from '@/contract/common';
import { CALIBRATION_PENDING, type MatchingPutBody, type MatchingSettings } from '@/contract/matching';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildMatchingSettings, buildMatchResult } from '../support/matchingFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';

type User = ReturnType<typeof userEvent.setup>;

/**
 * The Settings page's "Phrase matching" card (GET/PUT /api/dictionary/matching, POST
 * .../calibrate). The fake sample (tests/support/matchingFakes.ts) gives round what-if shares:
 * at 70 %, 50 % of the texts fire their own item and 10 % another; at 60 %, 70 % and 20 %;
 * at 80 %, 40 % and 0 %.
 */
const renderCard = (overrides: Partial<PortalDataProvider> = {}, i18nProvider?: I18nProvider) => {
  const dataProvider = buildDataProvider(overrides);
  renderInAdmin(<SettingsPage />, { dataProvider, path: '/settings', ...(i18nProvider ? { i18nProvider } : {}) });
  return dataProvider;
};
const card = () => screen.getByRole('region', { name: 'Phrase matching' });
const loaded = async () => {
  await screen.findByTestId('matching-current', {}, { timeout: 10_000 });
  return card();
};
const slider = () => within(card()).getByRole('slider', { name: 'Threshold to try' });
const field = () => within(card()).getByRole('spinbutton', { name: 'Threshold (%)' });
const button = (name: string) => within(card()).getByRole('button', { name });
const candidateEffect = () => screen.getByTestId('matching-what-if-candidate');
const currentEffect = () => screen.getByTestId('matching-what-if-current');
const typeThreshold = async (user: User, value: string) => {
  await user.clear(field());
  if (value) await user.type(field(), value);
};

beforeEach(() => {
  // react-admin and react-query log the failed calls these tests provoke
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Settings: the Phrase matching card', { timeout: 30_000 }, () => {
  it('says it is loading, then shows the model, the threshold and where it comes from', async () => {
    let answer: (settings: MatchingSettings) => void = () => undefined;
    renderCard({ getMatching: vi.fn(() => new Promise<MatchingSettings>((resolve) => (answer = resolve))) });
    expect(within(card()).getByText('Loading phrase matching settings...')).toBeInTheDocument();
    answer(buildMatchingSettings());
    await loaded();
    expect(screen.getByTestId('matching-model')).toHaveTextContent('Embedding model: use-lite-512');
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 70%, calibrated from the dictionary on Nov 26, 2026');
    expect(within(card()).getByText('Calibrated on 10 texts of 4 items.')).toBeInTheDocument();
    expect(within(card()).getByText(/leads the next item by at least 2 points/)).toBeInTheDocument();
    // only an admin's threshold can be undone; nothing is pending
    expect(within(card()).queryByRole('button', { name: 'Use the calibrated threshold' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('matching-pending')).not.toBeInTheDocument();
    expect(button('Recalibrate')).toBeEnabled();
  });

  it("shows the model's default, and says the what-if needs a calibration", async () => {
    renderCard({
      getMatching: vi.fn(async () =>
        buildMatchingSettings({ threshold: 0.68, source: 'default', calibratedAt: null, calibratedThreshold: null, sample: null }),
      ),
    });
    await loaded();
    expect(screen.getByTestId('matching-current')).toHaveTextContent("Threshold: 68%, the model's default");
    expect(within(card()).getByText('The effect of another threshold shows once the dictionary has been calibrated.')).toBeInTheDocument();
    expect(screen.queryByTestId('matching-what-if-candidate')).not.toBeInTheDocument();
  });

  it('computes the what-if in the browser as the slider moves by keyboard, beside the current threshold', async () => {
    const user = userEvent.setup();
    const dataProvider = renderCard();
    await loaded();
    // the threshold tried is the one in force: its effect is said once
    expect(screen.queryByTestId('matching-what-if-candidate')).not.toBeInTheDocument();
    expect(currentEffect()).toHaveTextContent(
      "Now, at 70%: 50% of the dictionary's texts would fire their own item when left out; 10% would fire another item.",
    );
    expect(slider()).toHaveAttribute('aria-valuetext', '70%');
    // Save is off until the value changes, whatever the threshold's source
    expect(button('Save threshold')).toBeDisabled();

    slider().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(slider()).toHaveAttribute('aria-valuetext', '73%');
    expect(field()).toHaveValue(73);
    expect(candidateEffect()).toHaveTextContent(
      "At 73%: 50% of the dictionary's texts would fire their own item when left out; 0% would fire another item.",
    );
    expect(candidateEffect()).toHaveAttribute('aria-live', 'polite');

    await user.keyboard('{ArrowLeft>13/}');
    expect(slider()).toHaveAttribute('aria-valuetext', '60%');
    expect(candidateEffect()).toHaveTextContent(
      "At 60%: 70% of the dictionary's texts would fire their own item when left out; 20% would fire another item.",
    );

    await user.keyboard('{End}');
    expect(slider()).toHaveAttribute('aria-valuetext', '95%');
    await user.keyboard('{Home}');
    expect(slider()).toHaveAttribute('aria-valuetext', '30%');
    // the current threshold's line does not move, and nothing is sent while trying
    expect(currentEffect()).toHaveTextContent('Now, at 70%: 50%');
    expect(dataProvider.updateMatching).not.toHaveBeenCalled();
  });

  it('moves the slider and the what-if from the number field, and refuses a value out of bounds', async () => {
    const user = userEvent.setup();
    renderCard();
    await loaded();
    await typeThreshold(user, '80');
    expect(slider()).toHaveAttribute('aria-valuetext', '80%');
    expect(candidateEffect()).toHaveTextContent(
      "At 80%: 40% of the dictionary's texts would fire their own item when left out; 0% would fire another item.",
    );
    expect(field()).toHaveAccessibleDescription('Between 30% and 95%');

    await typeThreshold(user, '25');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(button('Save threshold')).toBeDisabled();
    await typeThreshold(user, '');
    expect(button('Save threshold')).toBeDisabled();
    await typeThreshold(user, '95');
    expect(field()).toHaveAttribute('aria-invalid', 'false');
    expect(button('Save threshold')).toBeEnabled();
  });

  it("saves the admin's threshold with the version it read, then shows it as set by an admin beside the calibrated one", async () => {
    const user = userEvent.setup();
    const updateMatching = vi.fn(async ({ threshold }: MatchingPutBody) =>
      buildMatchingSettings({ threshold: threshold ?? 0.7, source: 'admin', version: 2 }),
    );
    const getConfigVersion = vi.fn(async () => ({ version: 7, updatedAt: '2026-05-01T12:00:00.000Z' }));
    renderCard({ updateMatching, getConfigVersion, getMatching: vi.fn(async () => buildMatchingSettings({ version: 1 })) });
    await loaded();
    await typeThreshold(user, '80');
    await user.click(button('Save threshold'));

    expect(await within(card()).findByText('Threshold saved')).toBeInTheDocument();
    expect(updateMatching).toHaveBeenCalledTimes(1);
    expect(updateMatching).toHaveBeenCalledWith({ threshold: 0.8, version: 1 });
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 80%, set by an admin');
    expect(within(card()).getByText('The calibrated threshold is 70%.')).toBeInTheDocument();
    expect(currentEffect()).toHaveTextContent('Now, at 80%: 40%');
    // the same threshold again would change nothing
    expect(button('Save threshold')).toBeDisabled();
    // the assistant's configuration version was raised: the page reads it again
    await waitFor(() => expect(getConfigVersion).toHaveBeenCalledTimes(2));

    // the next save starts from the version the last one answered
    await typeThreshold(user, '75');
    await user.click(button('Save threshold'));
    await waitFor(() => expect(updateMatching).toHaveBeenLastCalledWith({ threshold: 0.75, version: 2 }));
  });

  it("goes back to the calibrated threshold (PUT null) when an admin's threshold is in force", async () => {
    const user = userEvent.setup();
    const updateMatching = vi.fn(async () => buildMatchingSettings({ version: 4 }));
    renderCard({
      updateMatching,
      getMatching: vi.fn(async () => buildMatchingSettings({ threshold: 0.8, source: 'admin', calibratedThreshold: 0.64, version: 3 })),
    });
    await loaded();
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 80%, set by an admin');
    expect(within(card()).getByText('The calibrated threshold is 64%.')).toBeInTheDocument();
    await user.click(button('Use the calibrated threshold'));

    expect(await within(card()).findByText('The calibrated threshold applies again')).toBeInTheDocument();
    expect(updateMatching).toHaveBeenCalledWith({ threshold: null, version: 3 });
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 70%, calibrated from the dictionary on Nov 26, 2026');
    expect(within(card()).queryByRole('button', { name: 'Use the calibrated threshold' })).not.toBeInTheDocument();
    // the candidate follows the threshold now in force
    expect(slider()).toHaveAttribute('aria-valuetext', '70%');
  });

  it('recalibrates from the dictionary', async () => {
    const user = userEvent.setup();
    const calibrateMatching = vi.fn(async () =>
      buildMatchingSettings({ threshold: 0.66, calibratedThreshold: 0.66, calibratedAt: '2026-11-27T09:00:00.000Z', version: 2 }),
    );
    renderCard({ calibrateMatching });
    await loaded();
    await user.click(button('Recalibrate'));
    expect(await within(card()).findByText('Threshold recalibrated from the dictionary')).toBeInTheDocument();
    expect(calibrateMatching).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 66%, calibrated from the dictionary on Nov 27, 2026');
  });

  it("shows the server's word when recalibrating is refused while embeddings are pending, and the generic text otherwise", async () => {
    const user = userEvent.setup();
    const message = 'The threshold can be calibrated once every embedding is Ready (4 pending).';
    const calibrateMatching = vi
      .fn<PortalDataProvider['calibrateMatching']>()
      .mockRejectedValueOnce(new HttpError(message, 409, { error: CALIBRATION_PENDING, message }))
      .mockRejectedValueOnce(new Error(''));
    renderCard({ calibrateMatching });
    await loaded();
    await user.click(button('Recalibrate'));
    expect(await within(card()).findByText(message)).toBeInTheDocument();
    await user.click(button('Recalibrate'));
    expect(await within(card()).findByText('Failed to recalibrate the threshold')).toBeInTheDocument();
    expect(within(card()).queryByText(message)).not.toBeInTheDocument();
  });

  it('says that calibration waits for the pending embeddings, and keeps Recalibrate off meanwhile', async () => {
    renderCard({ getMatching: vi.fn(async () => buildMatchingSettings({ pending: 3, ready: 117 })) });
    await loaded();
    expect(screen.getByTestId('matching-pending')).toHaveTextContent('Calibration waits for 3 pending embeddings.');
    expect(button('Recalibrate')).toBeDisabled();
  });

  it('reads the settings again while embeddings are pending; the candidate follows a calibration that lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const waiting = buildMatchingSettings({
      threshold: 0.68,
      source: 'default',
      calibratedAt: null,
      calibratedThreshold: null,
      sample: null,
      pending: 2,
    });
    const calibrated = buildMatchingSettings({ threshold: 0.64, calibratedThreshold: 0.64 });
    const getMatching = vi.fn<PortalDataProvider['getMatching']>().mockResolvedValueOnce(waiting).mockResolvedValue(calibrated);
    renderCard({ getMatching });
    await loaded();
    expect(slider()).toHaveAttribute('aria-valuetext', '68%');
    expect(screen.getByTestId('matching-pending')).toHaveTextContent('Calibration waits for 2 pending embeddings.');

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 64%, calibrated from the dictionary'));
    expect(slider()).toHaveAttribute('aria-valuetext', '64%');
    expect(field()).toHaveValue(64);
    expect(screen.queryByTestId('matching-pending')).not.toBeInTheDocument();
    expect(currentEffect()).toHaveTextContent('Now, at 64%:');
    // nothing pending any more: no more reads
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(getMatching).toHaveBeenCalledTimes(2);
  });

  it('keeps the threshold the admin is trying when a calibration lands meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const waiting = buildMatchingSettings({ threshold: 0.68, source: 'default', calibratedAt: null, sample: null, pending: 2 });
    const calibrated = buildMatchingSettings({ threshold: 0.64, calibratedThreshold: 0.64 });
    const getMatching = vi.fn<PortalDataProvider['getMatching']>().mockResolvedValueOnce(waiting).mockResolvedValue(calibrated);
    renderCard({ getMatching });
    await loaded();
    await typeThreshold(user, '75');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 64%, calibrated from the dictionary'));
    expect(slider()).toHaveAttribute('aria-valuetext', '75%');
    expect(candidateEffect()).toHaveTextContent('At 75%:');
    expect(currentEffect()).toHaveTextContent('Now, at 64%:');
  });

  it('says one pending embedding in the singular', async () => {
    renderCard({ getMatching: vi.fn(async () => buildMatchingSettings({ pending: 1 })) });
    await loaded();
    expect(screen.getByTestId('matching-pending')).toHaveTextContent('Calibration waits for 1 pending embedding.');
  });

  it('says when the settings cannot be loaded, never an empty card, and Retry loads them', async () => {
    const user = userEvent.setup();
    const getMatching = vi.fn<PortalDataProvider['getMatching']>().mockRejectedValueOnce(new Error('network down'));
    getMatching.mockResolvedValue(buildMatchingSettings());
    renderCard({ getMatching });
    expect(await within(card()).findByText('Failed to load phrase matching settings')).toBeInTheDocument();
    expect(screen.queryByTestId('matching-current')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('slider')).not.toBeInTheDocument();
    await user.click(button('Retry'));
    expect(await screen.findByTestId('matching-current')).toHaveTextContent('Threshold: 70%');
    expect(within(card()).queryByText('Failed to load phrase matching settings')).not.toBeInTheDocument();
  });

  it("a save over someone else's newer threshold: the conflict in the card, Reload shows theirs, the next save carries their version", async () => {
    const user = userEvent.setup();
    let stored = buildMatchingSettings({ version: 1 });
    const conflict = new HttpError(VERSION_CONFLICT_MESSAGES.speechRate, 409, {
      error: 'VERSION_CONFLICT',
      message: VERSION_CONFLICT_MESSAGES.speechRate,
    });
    const updateMatching = vi.fn(async ({ threshold, version }: MatchingPutBody) => {
      if (version !== stored.version) throw conflict;
      stored = buildMatchingSettings({ threshold: threshold ?? 0.7, source: 'admin', version: stored.version + 1 });
      return stored;
    });
    renderCard({ updateMatching, getMatching: vi.fn(async () => stored) });
    await loaded();
    // another admin saves 75 % after this card loaded
    stored = buildMatchingSettings({ threshold: 0.75, source: 'admin', version: 5 });
    await typeThreshold(user, '82');
    await user.click(button('Save threshold'));

    const alert = (await within(card()).findByText(/Someone else changed this since you opened it/)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(updateMatching).toHaveBeenLastCalledWith({ threshold: 0.82, version: 1 });
    expect(within(card()).queryByText('Failed to save the threshold')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await within(card()).findByText('Saved by someone else: 75%, set by an admin')).toBeInTheDocument();
    // the admin's candidate is kept
    expect(field()).toHaveValue(82);

    await user.click(button('Save threshold'));
    expect(await within(card()).findByText('Threshold saved')).toBeInTheDocument();
    expect(updateMatching).toHaveBeenLastCalledWith({ threshold: 0.82, version: 5 });
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    renderCard(
      {},
      polyglotI18nProvider(() => fr, 'fr'),
    );
    const region = await screen.findByRole('region', { name: 'Correspondance des phrases' }, { timeout: 10_000 });
    const current = await within(region).findByTestId('matching-current');
    expect(current).toHaveTextContent(/^Seuil : 70\s%, calibré à partir du dictionnaire le 26 nov\. 2026$/);
    const frenchSlider = within(region).getByRole('slider', { name: 'Seuil à essayer' });
    frenchSlider.focus();
    await user.keyboard('{ArrowLeft>10/}');
    expect(candidateEffect()).toHaveTextContent(
      /^À 60\s% : 70\s% des textes du dictionnaire déclencheraient leur propre élément une fois mis de côté ; 20\s% déclencheraient un autre élément\.$/,
    );
    expect(within(region).getByRole('button', { name: 'Enregistrer le seuil' })).toBeEnabled();
  });

  it('says what the labelled phrases do at the threshold tried, and answers a phrase typed at it before saving', async () => {
    const user = userEvent.setup();
    // [score, lead, outcome]: two naming their item (one ranks first), one marked wrong, one that should fire nothing
    const labelSample: [number, number, number][] = [
      [0.75, 0.1, 0],
      [0.66, 0.1, 1],
      [0.72, 0.1, 3],
      [0.62, 0.1, 2],
    ];
    const matchPhrase = vi.fn(async ({ threshold }: { threshold?: number }) =>
      buildMatchResult([
        {
          type: 'objection',
          id: 'o1',
          question: 'It is too expensive',
          category: 'PRICE',
          score: 0.71,
          matchedText: 'It is too expensive',
          viaVariation: false,
          wouldFire: (threshold ?? 0.7) <= 0.71,
        },
      ]),
    );
    renderCard({
      getMatching: vi.fn(async () =>
        buildMatchingSettings({
          labelSample,
          labelsUsed: { labels: 30, calls: 6 },
          labelsNow: { customer: { labels: 34, calls: 7 }, salesperson: { labels: 0, calls: 0 } },
        }),
      ),
      matchPhrase,
    });
    await loaded();
    expect(within(card()).getAllByTestId('labels-used')[0]).toHaveTextContent('Calibrated on 30 labelled phrases from 6 calls.');
    expect(within(card()).getAllByTestId('labels-what-if-current')[0]).toHaveTextContent(
      'Now, at 70%, of the 4 labelled phrases: 1 of 2 naming an item fire it, 1 fire a wrong item, 0 of 1 that should fire nothing fire.',
    );
    expect(within(card()).getByText('30 labelled phrases since the last calibration: Recalibrate to count them.')).toBeInTheDocument();
    await typeThreshold(user, '60');
    expect(within(card()).getAllByTestId('labels-what-if-candidate')[0]).toHaveTextContent(
      'At 60%, of the 4 labelled phrases: 1 of 2 naming an item fire it, 2 fire a wrong item, 1 of 1 that should fire nothing fire.',
    );
    await user.type(within(card()).getByRole('textbox', { name: 'Try what a customer says at this threshold' }), 'too pricey for us');
    await waitFor(() => expect(screen.getByTestId('try-phrase-customer')).toHaveTextContent('At 60%: fires “It is too expensive” (71%).'));
    expect(matchPhrase).toHaveBeenLastCalledWith({ text: 'too pricey for us', speaker: 'customer', threshold: 0.6 });
  });
});
