import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import { buildDataProvider, renderInAdmin } from '../support/render';

/** react-admin logs failed data calls to the console; these tests expect them. */
const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

const renderSettings = (dataProvider = buildDataProvider()) => {
  renderInAdmin(<SettingsPage />, { dataProvider, path: '/settings' });
  return dataProvider;
};

const timeWindow = () => screen.getByRole('spinbutton', { name: 'Time Window (seconds)' });
const maxWords = () => screen.getByRole('spinbutton', { name: 'Max Words' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const monitoringSwitch = () => screen.getByRole('switch', { name: 'Enable speech rate monitoring' });

const replaceValue = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
  await user.clear(field);
  if (value) await user.type(field, value);
};

describe('SettingsPage: Speech Rate Monitoring', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a loading state, then the stored settings', async () => {
    renderSettings(buildDataProvider({ getSpeechRate: vi.fn(async () => ({ enabled: true, time_window: 45, max_words: 200 })) }));
    expect(screen.getByText('Loading speech rate settings...')).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' })).toHaveValue(45);
    expect(maxWords()).toHaveValue(200);
    expect(monitoringSwitch()).toBeChecked();
  });

  it('says when the settings cannot be loaded', async () => {
    quietConsole();
    renderSettings(buildDataProvider({ getSpeechRate: vi.fn(async () => Promise.reject(new Error('boom'))) }));
    expect(await screen.findByText('Failed to load speech rate settings')).toBeInTheDocument();
  });

  it('disables the fields while monitoring is off', async () => {
    const user = userEvent.setup();
    renderSettings(buildDataProvider({ getSpeechRate: vi.fn(async () => ({ enabled: false, time_window: 30, max_words: 150 })) }));
    expect(await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' })).toBeDisabled();
    expect(maxWords()).toBeDisabled();
    await user.click(monitoringSwitch());
    expect(timeWindow()).toBeEnabled();
    expect(maxWords()).toBeEnabled();
  });

  it.each([
    ['Time Window (seconds)', '0'],
    ['Time Window (seconds)', '121'],
    ['Time Window (seconds)', ''],
    ['Max Words', '0'],
    ['Max Words', '501'],
  ])('refuses %s = "%s" and disables Save', async (label, value) => {
    const user = userEvent.setup();
    renderSettings();
    const field = await screen.findByRole('spinbutton', { name: label });
    await replaceValue(user, field, value);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeDisabled();
  });

  it('explains the bounds', async () => {
    renderSettings();
    expect(await screen.findByText('Between 1 and 120 seconds')).toBeInTheDocument();
    expect(screen.getByText('Between 1 and 500 words')).toBeInTheDocument();
  });

  it('accepts the bounds themselves', async () => {
    const user = userEvent.setup();
    renderSettings();
    await replaceValue(user, await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' }), '120');
    await replaceValue(user, maxWords(), '1');
    expect(timeWindow()).toHaveAttribute('aria-invalid', 'false');
    expect(saveButton()).toBeEnabled();
  });

  it('saves and confirms for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = renderSettings();
    await replaceValue(user, await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' }), '60');
    await user.click(monitoringSwitch());
    await user.click(saveButton());
    expect(await screen.findByText('Speech rate settings updated successfully')).toBeInTheDocument();
    expect(dataProvider.updateSpeechRate).toHaveBeenCalledWith({ enabled: false, time_window: 60, max_words: 150 });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByText('Speech rate settings updated successfully')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    quietConsole();
    const user = userEvent.setup();
    // the http client's HttpError for a spec error body `{ error, message }` (docs/api.md)
    const failure = new HttpError('Database unavailable', 503, { error: 'AUTH_UNAVAILABLE', message: 'Database unavailable' });
    renderSettings(buildDataProvider({ updateSpeechRate: vi.fn(async () => Promise.reject(failure)) }));
    await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' });
    await user.click(saveButton());
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('falls back to the generic message when saving fails without one', async () => {
    quietConsole();
    const user = userEvent.setup();
    renderSettings(buildDataProvider({ updateSpeechRate: vi.fn(async () => Promise.reject(new Error(''))) }));
    await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' });
    await user.click(saveButton());
    expect(await screen.findByText('Failed to save speech rate settings')).toBeInTheDocument();
  });
});

describe('SettingsPage: non-functional cards', () => {
  it('draws the not-yet-available AI Assistant Configuration switches off, each pointing at the note', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('heading', { name: 'AI Assistant Configuration' })).toBeInTheDocument();
    for (const name of ['Enable AI Assistant', 'Auto-respond to queries', 'Debug mode']) {
      const toggle = screen.getByRole('switch', { name });
      expect(toggle).not.toBeChecked();
      expect(toggle).toHaveAccessibleDescription('A placeholder: these settings are not saved and change nothing yet.');
    }
    const debug = screen.getByRole('switch', { name: 'Debug mode' });
    await user.click(debug);
    expect(debug).toBeChecked();
  });

  it('shows the System Configuration fields and a Save Settings button', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings();
    const card = screen.getByRole('heading', { name: 'System Configuration' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByRole('textbox', { name: 'API Endpoint' })).toBeInTheDocument();
    expect(within(card).getByRole('spinbutton', { name: 'Max Concurrent Connections' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(dataProvider.getSpeechRate).toHaveBeenCalledTimes(1));
    expect(dataProvider.updateSpeechRate).not.toHaveBeenCalled();
  });
});
