import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/customPages/settings/SettingsPage';
import { createPortalQueryClient } from '@/dataProvider/queryClient';
import type { PortalDataProvider } from '@/dataProvider/types';
import { ApiKeyList } from '@/resources/apiKeys/ApiKeyList';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { SessionList } from '@/resources/sessions/SessionList';
import { UserList } from '@/resources/users/UserList';
import { buildItem } from '../support/dictionaryFakes';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildDetail, buildSession, fakeLayout, renderDetail } from '../support/sessions';
import { buildUser } from '../support/users';

/**
 * A read that failed shows the failure and Retry, never the list's empty state ("No items
 * found... add a new item" invites a duplicate of rows the page could not read), and never the
 * loading text while the portal tries again behind it.
 */
const refusal = () => new HttpError('Admin access required', 403, { error: 'NOT_ADMIN', message: 'Admin access required' });
const serverError = () => new HttpError('HTTP 502: Bad Gateway', 502, { error: 'API_ERROR', message: 'HTTP 502: Bad Gateway' });

/** A read that fails until `heal()`, then answers `rows`. */
const failingUntilHealed = <T,>(rows: T[], failure = refusal) => {
  let healed = false;
  const getList = vi.fn(async () => {
    if (!healed) throw failure();
    return { data: rows, total: rows.length };
  });
  return { getList, heal: () => (healed = true) };
};

const render = (ui: React.ReactElement, path: string, overrides: Partial<PortalDataProvider>) =>
  renderInAdmin(ui, { dataProvider: buildDataProvider(overrides), path, queryClient: createPortalQueryClient() });

const retryIn = (alert: HTMLElement) => within(alert).getByRole('button', { name: 'Retry' });

beforeAll(fakeLayout);
beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a failed read is not an empty list', () => {
  it('Dictionary: the failure and Retry, no "No items found", then the rows once Retry succeeds', async () => {
    const user = userEvent.setup();
    const { getList, heal } = failingUntilHealed([buildItem()]);
    render(<DictionaryPage />, '/dictionary', { getList } as never);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dictionary items');
    expect(screen.queryByText(/No items found/)).not.toBeInTheDocument();
    heal();
    await user.click(retryIn(alert));
    expect(await screen.findAllByTestId('item-row')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Landmines: the failure and Retry, no "No landmines found"', async () => {
    const user = userEvent.setup();
    const getList = vi.fn(async (resource: string) => {
      if (resource === 'landmines') throw refusal();
      return { data: [buildItem()], total: 1 };
    });
    render(<DictionaryPage />, '/dictionary', { getList } as never);
    await screen.findAllByTestId('item-row');
    await user.click(screen.getByRole('tab', { name: 'Landmines' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dictionary items');
    expect(retryIn(alert)).toBeEnabled();
    expect(screen.queryByText(/No landmines found/)).not.toBeInTheDocument();
  });

  it('Users: the failure and Retry, no "No users found.", and it cannot be dismissed into a blank page', async () => {
    const user = userEvent.setup();
    const { getList, heal } = failingUntilHealed([buildUser({ name: 'Dana Admin' })]);
    render(<UserList />, '/users', { getList } as never);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admin access required');
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    heal();
    await user.click(retryIn(alert));
    expect(await screen.findByText('Dana Admin')).toBeInTheDocument();
  });

  it('Sessions: the failure and Retry, no "No sessions found."', async () => {
    const user = userEvent.setup();
    const session = { ...buildSession({ sessionId: 's-1', sessionName: 'Acme renewal' }), id: 's-1' };
    const { getList, heal } = failingUntilHealed([session]);
    render(<SessionList />, '/sessions', { getList } as never);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You need admin privileges to view sessions. Please contact an administrator.');
    expect(screen.queryByText('No sessions found.')).not.toBeInTheDocument();
    heal();
    await user.click(retryIn(alert));
    expect(await screen.findByText('Acme renewal')).toBeInTheDocument();
  });

  it('Service keys: the failure and Retry from the first failed attempt, no empty list', async () => {
    const { getList } = failingUntilHealed([], serverError);
    render(<ApiKeyList />, '/service-keys', { getList } as never);
    const alert = await screen.findByRole('alert');
    // the first attempt failed and the portal tries again: said at once, not hidden behind a spinner
    expect(alert).toHaveTextContent('Trying again...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No service keys yet.')).not.toBeInTheDocument();
  });

  it('Settings: the failure shows from the first failed attempt, not the loading text while the retry runs', async () => {
    let answer: (settings: { enabled: boolean; time_window: number; max_words: number }) => void = () => undefined;
    const retry = new Promise<{ enabled: boolean; time_window: number; max_words: number }>((settle) => {
      answer = settle;
    });
    const getSpeechRate = vi.fn().mockRejectedValueOnce(serverError()).mockReturnValue(retry);
    render(<SettingsPage />, '/settings', { getSpeechRate });
    const card = (await screen.findByText(/^Failed to load speech rate settings/)).closest('section') as HTMLElement;
    expect(within(card).getByRole('alert')).toHaveTextContent('Trying again...');
    expect(within(card).queryByText('Loading speech rate settings...')).not.toBeInTheDocument();
    await waitFor(() => expect(getSpeechRate).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    answer({ enabled: true, time_window: 45, max_words: 200 });
    expect(await screen.findByRole('spinbutton', { name: 'Time Window (seconds)' })).toHaveValue(45);
    expect(within(card).queryByText(/Failed to load speech rate settings/)).not.toBeInTheDocument();
  });

  it('Session detail: the failure with Retry, then the session', async () => {
    const user = userEvent.setup();
    let healed = false;
    const getOne = vi.fn(async () => {
      if (!healed) throw serverError();
      return { data: buildDetail() };
    });
    renderDetail('/sessions/session-2025-03-05-abcdefghijkl', getOne);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load session details');
    healed = true;
    await user.click(retryIn(alert));
    expect(await screen.findByRole('heading', { name: 'Discovery call with Acme' })).toBeInTheDocument();
  });
});
