import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGES } from '@/contract/common';
import type { MatchingPutBody } from '@/contract/matching';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildMatchingSettings } from '../support/matchingFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';

/**
 * The landmines' own threshold in the Settings page's "Phrase matching" card. The fake landmine
 * sample (tests/support/matchingFakes.ts): at 50 %, 80 % of the landmines' texts fire their own;
 * at 40 %, 90 %; at 70 %, 40 %.
 */
const renderCard = (overrides: Partial<PortalDataProvider> = {}, locale: 'en' | 'fr' = 'en') => {
  const dataProvider = buildDataProvider(overrides);
  renderInAdmin(<SettingsPage />, {
    dataProvider,
    path: '/settings',
    ...(locale === 'fr' ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
  });
  return dataProvider;
};
const section = async (name = 'Landmines') => screen.findByRole('region', { name }, { timeout: 10_000 });
const field = (region: HTMLElement) => within(region).getByRole('spinbutton', { name: 'Landmine threshold (%)' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('Settings: the landmines’ threshold', { timeout: 30_000 }, () => {
  it('shows it beside the objections’ one, where it comes from, and its what-if as the slider moves by keyboard', async () => {
    const user = userEvent.setup();
    renderCard();
    const region = await section();
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 70%');
    expect(within(region).getByTestId('landmine-threshold-current')).toHaveTextContent(
      "Landmine threshold: 50%, calibrated for recall on the landmines' texts",
    );
    const whatIf = within(region).getByTestId('landmine-what-if');
    expect(whatIf).toHaveTextContent("Now, at 50%: 80% of the landmines' own phrasings would fire their landmine when left out.");
    // the threshold tried is the one in force: its effect is said once
    expect(whatIf).not.toHaveTextContent('At 50%');
    // nothing changed yet: Save is off
    expect(within(region).getByRole('button', { name: 'Save landmine threshold' })).toBeDisabled();
    const slider = within(region).getByRole('slider', { name: 'Landmine threshold to try' });
    slider.focus();
    await user.keyboard('{ArrowLeft>10/}');
    expect(slider).toHaveAttribute('aria-valuetext', '40%');
    expect(whatIf).toHaveTextContent('At 40%: 90%');
    expect(field(region)).toHaveValue(40);
    expect(within(region).getByRole('button', { name: 'Save landmine threshold' })).toBeEnabled();
    await user.clear(field(region));
    await user.type(field(region), '70');
    expect(whatIf).toHaveTextContent('At 70%: 40%');
    await user.clear(field(region));
    await user.type(field(region), '99');
    expect(within(region).getByRole('button', { name: 'Save landmine threshold' })).toBeDisabled();
  });

  it('saves only the landmine threshold with the version read, then goes back to the calibrated one', async () => {
    const user = userEvent.setup();
    const updateMatching = vi.fn(async ({ landmineThreshold }: MatchingPutBody) =>
      landmineThreshold == null
        ? buildMatchingSettings({ version: 3 })
        : buildMatchingSettings({ landmineThreshold, landmineSource: 'admin', version: 2 }),
    );
    renderCard({ updateMatching });
    const region = await section();
    await user.clear(field(region));
    await user.type(field(region), '42');
    await user.click(within(region).getByRole('button', { name: 'Save landmine threshold' }));
    expect(await within(region).findByText('Landmine threshold saved')).toBeInTheDocument();
    expect(updateMatching).toHaveBeenCalledWith({ landmineThreshold: 0.42, version: 1 });
    expect(within(region).getByTestId('landmine-threshold-current')).toHaveTextContent('Landmine threshold: 42%, set by an admin');
    expect(within(region).getByText('The calibrated landmine threshold is 50%.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Save landmine threshold' })).toBeDisabled();
    // the objections' threshold is untouched, and its next save carries the version this one answered
    expect(screen.getByTestId('matching-current')).toHaveTextContent('Threshold: 70%, calibrated');

    await user.click(within(region).getByRole('button', { name: 'Use the calibrated landmine threshold' }));
    expect(await within(region).findByText('The calibrated landmine threshold applies again')).toBeInTheDocument();
    expect(updateMatching).toHaveBeenLastCalledWith({ landmineThreshold: null, version: 2 });
    expect(within(region).getByTestId('landmine-threshold-current')).toHaveTextContent('Landmine threshold: 50%, calibrated');
    expect(within(region).queryByRole('button', { name: 'Use the calibrated landmine threshold' })).not.toBeInTheDocument();
  });

  it('says a save over someone else’s change is refused, and a failure in its own words', async () => {
    const user = userEvent.setup();
    const updateMatching = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError(VERSION_CONFLICT_MESSAGES.matching, 409, { error: 'VERSION_CONFLICT', message: VERSION_CONFLICT_MESSAGES.matching }),
      )
      .mockRejectedValueOnce(new HttpError('boom', 500, {}));
    renderCard({ updateMatching });
    const region = await section();
    await user.clear(field(region));
    await user.type(field(region), '45');
    await user.click(within(region).getByRole('button', { name: 'Save landmine threshold' }));
    expect(await within(region).findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Save landmine threshold' }));
    expect(await within(region).findByText('Failed to save the landmine threshold')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    renderCard({}, 'fr');
    const region = await section('Sujets sensibles');
    expect(within(region).getByTestId('landmine-threshold-current')).toHaveTextContent(
      /^Seuil des sujets sensibles : 50\s%, calibré pour le rappel sur les textes des sujets sensibles$/,
    );
    expect(within(region).getByRole('slider', { name: 'Seuil des sujets sensibles à essayer' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Enregistrer le seuil des sujets sensibles' })).toBeInTheDocument();
  });
});
