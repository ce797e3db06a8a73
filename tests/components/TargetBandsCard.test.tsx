import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGES } from '@/contract/common';
import { DEFAULT_TARGET_BANDS } from '@/contract/insights';
import type { TargetBandsData, TargetBandsPutBody } from '@/contract/targetBands';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import type { PortalDataProvider } from '@/dataProvider/types';
import { fr } from '@/i18n/fr';
import { buildDataProvider, renderInAdmin } from '../support/render';

/** The Settings page's "Rep target bands" card (GET/PUT /api/admin/target-bands). */
const SAVED: TargetBandsData = {
  bands: { ...DEFAULT_TARGET_BANDS, talkRatio: { min: 0.3, max: 0.6 } },
  defaults: DEFAULT_TARGET_BANDS,
  version: 3,
};

const renderCard = (overrides: Partial<PortalDataProvider> = {}, french = false) => {
  const dataProvider = buildDataProvider({ getTargetBands: vi.fn(async () => SAVED), ...overrides });
  renderInAdmin(<SettingsPage />, {
    dataProvider,
    path: '/settings',
    ...(french ? { i18nProvider: polyglotI18nProvider(() => fr, 'fr') } : {}),
  });
  return dataProvider;
};
const card = (name = 'Rep target bands') => screen.getByRole('region', { name });
const field = (name: string) => within(card()).getByRole('spinbutton', { name });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('Settings: the Rep target bands card', { timeout: 30_000 }, () => {
  it('shows each band with the talk ratio in %, an empty end as open, and the defaults', async () => {
    renderCard();
    expect(await within(card()).findByRole('spinbutton', { name: 'Talk ratio (%): minimum' })).toHaveValue(30);
    expect(field('Talk ratio (%): maximum')).toHaveValue(60);
    expect(field('Speech-rate alerts per hour: minimum')).toHaveValue(null);
    expect(field('Speech-rate alerts per hour: maximum')).toHaveValue(6);
    expect(field('Questions per call: minimum')).toHaveValue(3);
    expect(field('Landmines per 10 calls: maximum')).toHaveValue(1);
    expect(within(card()).getByText(/^Defaults: Talk ratio \(%\) 35 to 65; Speech-rate alerts per hour - to 6/)).toBeInTheDocument();
  });

  it('refuses a minimum above the maximum and an end out of range, then saves the bands with their version', async () => {
    const user = userEvent.setup();
    const updateTargetBands = vi.fn(async (body: TargetBandsPutBody) => ({ ...SAVED, bands: body, version: 4 }));
    renderCard({ updateTargetBands });
    const min = await within(card()).findByRole('spinbutton', { name: 'Questions per call: minimum' });
    const save = within(card()).getByRole('button', { name: 'Save' });
    await user.type(field('Questions per call: maximum'), '2');
    expect(await within(card()).findByText('The minimum must not be above the maximum')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(min);
    await user.type(min, '1');
    await user.clear(field('Talk ratio (%): maximum'));
    await user.type(field('Talk ratio (%): maximum'), '120');
    expect(await within(card()).findByText('Must be a number from 0 to 100')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(field('Talk ratio (%): maximum'));
    await user.type(field('Talk ratio (%): maximum'), '55');
    await user.clear(field('Speech-rate alerts per hour: maximum'));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() =>
      expect(updateTargetBands).toHaveBeenCalledWith({
        talkRatio: { min: 0.3, max: 0.55 },
        alertsPerHour: { min: null, max: null },
        questionsPerCall: { min: 1, max: 2 },
        landminesPer10Calls: { min: null, max: 1 },
        version: 3,
      }),
    );
    expect(await within(card()).findByText('Target bands updated successfully')).toBeInTheDocument();
  });

  it('puts the defaults back in the fields with one button, and shows a version conflict', async () => {
    const user = userEvent.setup();
    const updateTargetBands = vi.fn(async () => {
      throw new HttpError(VERSION_CONFLICT_MESSAGES.targetBands, 409, {
        error: 'VERSION_CONFLICT',
        message: VERSION_CONFLICT_MESSAGES.targetBands,
      });
    });
    renderCard({ updateTargetBands });
    await within(card()).findByRole('spinbutton', { name: 'Talk ratio (%): minimum' });
    await user.click(within(card()).getByRole('button', { name: 'Use the defaults' }));
    expect(field('Talk ratio (%): minimum')).toHaveValue(35);
    expect(field('Talk ratio (%): maximum')).toHaveValue(65);
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(
      await within(card()).findByText(
        'Someone else changed this since you opened it. Reload to see their version; what you typed is kept.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(updateTargetBands).toHaveBeenCalledWith({ ...DEFAULT_TARGET_BANDS, version: 3 });
  });

  it('reads in French', async () => {
    renderCard({}, true);
    const region = await screen.findByRole('region', { name: 'Plages cibles des commerciaux' });
    expect(await within(region).findByRole('spinbutton', { name: 'Temps de parole (%) : minimum' })).toHaveValue(30);
    expect(within(region).getByRole('button', { name: 'Revenir aux valeurs par défaut' })).toBeInTheDocument();
  });
});
