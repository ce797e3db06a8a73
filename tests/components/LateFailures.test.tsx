import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortalQueryClient } from '@/dataProvider/queryClient';
import type { PortalDataProvider } from '@/dataProvider/types';
import { DictionaryPage } from '@/resources/dictionary/DictionaryPage';
import { SessionList } from '@/resources/sessions/SessionList';
import { UserList } from '@/resources/users/UserList';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildItem } from '../support/dictionaryFakes';
import { buildSession } from '../support/sessions';
import { buildUser } from '../support/users';

/** A promise the test settles itself: the retry answers only when the test says so. */
const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

const serverError = () => new HttpError('HTTP 502: Bad Gateway', 502, { error: 'API_ERROR', message: 'HTTP 502: Bad Gateway' });
const page = (names: string[]) => ({
  data: names.map((name, index) => ({ ...buildSession({ sessionId: `s-${index}`, sessionName: name }), id: `s-${index}` })),
  total: names.length,
});

/** /sessions with the portal's own query client, so its retry policy is the one under test. */
const renderList = (getList: ReturnType<typeof vi.fn>) =>
  renderInAdmin(<SessionList />, {
    dataProvider: buildDataProvider({ getList } as Partial<PortalDataProvider>),
    path: '/sessions',
    queryClient: createPortalQueryClient(),
  });

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a failing list says so at once', () => {
  it('shows the failure after the first failed attempt, says it is trying again, then shows the rows', async () => {
    const retry = deferred<ReturnType<typeof page>>();
    const getList = vi.fn().mockRejectedValueOnce(serverError()).mockReturnValue(retry.promise);
    renderList(getList);
    const alert = await screen.findByRole('alert');
    // the retry has not answered yet: the banner did not wait for it
    expect(alert).toHaveTextContent('Failed to load sessions');
    expect(alert).toHaveTextContent('Trying again...');
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    retry.resolve(page(['Acme renewal']));
    expect(await screen.findByText('Acme renewal', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(2);
  });

  it('never retries a refusal: one request, the message, no "trying again"', async () => {
    const getList = vi
      .fn()
      .mockRejectedValue(new HttpError('Invalid request', 400, { error: 'VALIDATION_ERROR', message: 'Invalid request' }));
    renderList(getList);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid request');
    expect(alert).not.toHaveTextContent('Trying again');
    // the retry policy would have asked again after 1 s: give it that long, and more
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('never retries a timeout: a hung backend is reported after its one attempt', async () => {
    const getList = vi.fn().mockRejectedValue(new HttpError('app.http.timeout', 408, { error: 'TIMEOUT', message: 'app.http.timeout' }));
    renderList(getList);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load sessions');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('marks the rows it keeps after a refresh fails as loaded earlier and possibly out of date', async () => {
    const user = userEvent.setup();
    const getList = vi
      .fn()
      .mockResolvedValueOnce(page(['Acme renewal']))
      .mockRejectedValue(serverError());
    renderList(getList);
    const row = await screen.findByText('Acme renewal');
    await user.click(screen.getByRole('button', { name: /refresh/i }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load sessions');
    expect(alert).toHaveTextContent(/The rows below were loaded at \d\d:\d\d:\d\d and may be out of date\./);
    expect(row).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(table.closest('[aria-describedby="sessions-stale"]')).not.toBeNull();
    await waitFor(() => expect(within(screen.getByRole('alert')).queryByText(/Trying again/)).toBeNull(), { timeout: 6_000 });
  });
});

const users = (names: string[]) => ({
  data: names.map((name, index) => buildUser({ id: `u-${index}`, name, email: `user${index}@example.com` })),
  total: names.length,
});

const renderUsers = (getList: ReturnType<typeof vi.fn>) =>
  renderInAdmin(<UserList />, {
    dataProvider: buildDataProvider({ getList } as Partial<PortalDataProvider>),
    path: '/users',
    queryClient: createPortalQueryClient(),
  });

describe('the users list says a failure at once and marks the rows it keeps', () => {
  it('shows the failure after the first failed attempt, trying again, then the rows', async () => {
    const retry = deferred<ReturnType<typeof users>>();
    const getList = vi.fn().mockRejectedValueOnce(serverError()).mockReturnValue(retry.promise);
    renderUsers(getList);
    const alert = await screen.findByRole('alert');
    // the retry has not answered yet: the banner did not wait for it
    expect(alert).toHaveTextContent('Failed to fetch users');
    expect(alert).toHaveTextContent('Trying again...');
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    retry.resolve(users(['Dana Admin']));
    expect(await screen.findByText('Dana Admin', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rows after a refresh fails, dimmed and described as loaded earlier', async () => {
    const user = userEvent.setup();
    const getList = vi
      .fn()
      .mockResolvedValueOnce(users(['Dana Admin']))
      .mockRejectedValue(serverError());
    renderUsers(getList);
    const row = await screen.findByText('Dana Admin');
    await user.click(screen.getByRole('button', { name: /refresh/i }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch users');
    expect(alert).toHaveTextContent(/The rows below were loaded at \d\d:\d\d:\d\d and may be out of date\./);
    expect(row).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-describedby="users-stale"]')).not.toBeNull();
  });

  it('never retries a refusal of the users list', async () => {
    const getList = vi
      .fn()
      .mockRejectedValue(new HttpError('Admin access required', 403, { error: 'NOT_ADMIN', message: 'Admin access required' }));
    renderUsers(getList);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admin access required');
    expect(alert).not.toHaveTextContent('Trying again');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(getList).toHaveBeenCalledTimes(1);
  });
});

const renderDictionary = (getList: ReturnType<typeof vi.fn>) =>
  renderInAdmin(<DictionaryPage />, {
    dataProvider: buildDataProvider({ getList } as Partial<PortalDataProvider>),
    path: '/dictionary',
    queryClient: createPortalQueryClient(),
  });

describe('the dictionary lists say a failure at once (spec 8: a failed list shows as empty)', () => {
  it('shows the failure after the first failed attempt, trying again, then the objections', async () => {
    const retry = deferred<{ data: unknown[]; total: number }>();
    const getList = vi.fn().mockRejectedValueOnce(serverError()).mockReturnValue(retry.promise);
    renderDictionary(getList);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dictionary items');
    expect(alert).toHaveTextContent('Trying again...');
    // no spinner behind the banner: the list shows as empty while the retry runs
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('item-row')).toHaveLength(0);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    retry.resolve({ data: [buildItem()], total: 1 });
    expect(await screen.findAllByTestId('item-row', {}, { timeout: 5_000 })).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never retries a refusal of the landmines list', async () => {
    const user = userEvent.setup();
    const getList = vi.fn(async (resource: string) => {
      if (resource === 'landmines')
        throw new HttpError('Admin access required', 403, { error: 'NOT_ADMIN', message: 'Admin access required' });
      return { data: [buildItem()], total: 1 };
    });
    renderDictionary(getList);
    await screen.findAllByTestId('item-row');
    await user.click(screen.getByRole('tab', { name: 'Landmines' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dictionary items');
    expect(alert).not.toHaveTextContent('Trying again');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(getList.mock.calls.filter(([resource]) => resource === 'landmines')).toHaveLength(1);
  });
});
