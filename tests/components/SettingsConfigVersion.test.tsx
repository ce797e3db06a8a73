import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import { buildDataProvider, renderInAdmin } from '../support/render';

describe('SettingsPage: the configuration version', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the current version once, and reads it again after a speech-rate save raised it', async () => {
    let version = 7;
    const getConfigVersion = vi.fn(async () => ({ version, updatedAt: '2026-05-01T12:00:00.000Z' }));
    const updateSpeechRate = vi.fn(async (settings) => {
      version += 1;
      return settings;
    });
    renderInAdmin(<SettingsPage />, { dataProvider: buildDataProvider({ getConfigVersion, updateSpeechRate }), path: '/settings' });
    expect(await screen.findByText('Configuration version 7')).toBeInTheDocument();
    expect(screen.getByText(/The assistant reads the configuration/)).toBeInTheDocument();
    await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' });
    expect(getConfigVersion).toHaveBeenCalledTimes(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration version 8')).toBeInTheDocument();
    await waitFor(() => expect(getConfigVersion).toHaveBeenCalledTimes(2));
  });

  it('says when the version cannot be loaded, and the rest of the page still works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getConfigVersion = vi.fn(async () => Promise.reject(new Error('unreachable')));
    renderInAdmin(<SettingsPage />, { dataProvider: buildDataProvider({ getConfigVersion }), path: '/settings' });
    expect(await screen.findByText('The configuration version could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' })).toBeInTheDocument();
  });
});
