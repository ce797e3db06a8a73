import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { localStorageStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sessions from '@/resources/sessions';
import { SESSION_LIST_STORE_KEY } from '@/resources/sessions/sessionNavigation';
import { STATUS_COLORS } from '@/resources/sessions/SessionStatusBadge';
import { at, buildSession, renderSessions } from '../support/sessions';

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const lastParams = (getList: ReturnType<typeof renderSessions>['getList']) => getList.mock.calls.at(-1)?.[1];

// The list's params live in react-admin's store: a localStorage one outlives the list's remount, as in the portal.
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('SessionList: the table', () => {
  it('shows the subtitle, the columns and a session in them', async () => {
    renderSessions();
    expect(screen.getByText('View and manage recorded conversation sessions')).toBeInTheDocument();
    for (const column of ['Session Info', 'User', 'Room', 'Duration', 'Statistics', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const row = await rowOf('Discovery call with Acme');
    expect(within(row).getByText(format(new Date(at(0)), 'MMM dd, yyyy HH:mm'))).toBeInTheDocument();
    expect(within(row).getByText('session-2025-03-05-a')).toBeInTheDocument();
    expect(within(row).getByText('sam@example.test')).toBeInTheDocument();
    expect(within(row).getByText('Room Alpha')).toBeInTheDocument();
    expect(within(row).getByText('12m 34s')).toBeInTheDocument();
    expect(within(row).getByText('42 transcripts')).toBeInTheDocument();
    expect(within(row).getByText('3 objections')).toBeInTheDocument();
    expect(within(row).getByText('5 FAQs')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/sessions/session-2025-03-05-abcdefghijkl');
  });

  it('says "1 objection", not "1 objections", and keeps View Details on one line', async () => {
    const statistics = { ...buildSession().statistics, totalTranscripts: 1, totalObjections: 1, totalFAQs: 1 };
    renderSessions([buildSession({ statistics })]);
    const row = await rowOf('Discovery call with Acme');
    for (const text of ['1 transcript', '1 objection', '1 FAQ']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(getComputedStyle(within(row).getByRole('link', { name: 'View Details' })).whiteSpace).toBe('nowrap');
  });

  it('shows - without a room and every duration format', async () => {
    renderSessions([
      buildSession({ sessionId: 's-1', sessionName: 'Short', metadata: { roomName: null }, duration: 42 }),
      buildSession({ sessionId: 's-2', sessionName: 'Long', metadata: {}, duration: 3723 }),
    ]);
    const short = await rowOf('Short');
    expect(within(short).getByText('-')).toBeInTheDocument();
    expect(within(short).getByText('42s')).toBeInTheDocument();
    expect(within(await rowOf('Long')).getByText('1h 2m 3s')).toBeInTheDocument();
  });

  it('colours the status badge green, yellow and red, with its text', async () => {
    renderSessions([
      buildSession({ sessionId: 's-1', sessionName: 'One', status: 'completed' }),
      buildSession({ sessionId: 's-2', sessionName: 'Two', status: 'in_progress' }),
      buildSession({ sessionId: 's-3', sessionName: 'Three', status: 'failed' }),
    ]);
    const cases = [
      ['One', 'Completed', STATUS_COLORS.completed.bg],
      ['Two', 'In Progress', STATUS_COLORS.in_progress.bg],
      ['Three', 'Failed', STATUS_COLORS.failed.bg],
    ];
    for (const [name, text, colour] of cases) {
      const badge = within(await rowOf(name))
        .getByText(text)
        .closest('.MuiChip-root') as HTMLElement;
      expect(badge).toHaveStyle({ backgroundColor: colour });
    }
    expect(STATUS_COLORS.completed.bg).toBe('#2e7d32');
    expect(STATUS_COLORS.in_progress.bg).toBe('#fbc02d');
    expect(STATUS_COLORS.failed.bg).toBe('#d32f2f');
  });

  it("says 'Loading sessions...' while the first page loads", () => {
    renderSessions([], { getList: vi.fn(() => new Promise(() => undefined)) } as never);
    expect(screen.getByText('Loading sessions...')).toBeInTheDocument();
  });

  it("says 'No sessions found.' for an empty list", async () => {
    renderSessions([]);
    expect(await screen.findByText('No sessions found.')).toBeInTheDocument();
  });
});

describe('SessionList: pagination', () => {
  const many = Array.from({ length: 15 }, (_, i) => buildSession({ sessionId: `s-${i}`, sessionName: `Call ${i}` }));

  it('asks for the first page of 15 with no filters', async () => {
    const { getList } = renderSessions();
    await screen.findByText('Discovery call with Acme');
    expect(getList).toHaveBeenCalledWith('sessions', expect.objectContaining({ pagination: { page: 1, perPage: 15 }, filter: {} }));
  });

  it('shows Previous, at most 5 page buttons, Next and the range when there is more than one page', async () => {
    const user = userEvent.setup();
    const { getList } = renderSessions(many, { total: 100 });
    expect(await screen.findByText('Showing 1 to 15 of 100 results')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Session pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '2', '3', '4', '5', 'Next']);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 4, perPage: 15 }));
    expect(await screen.findByText('Showing 46 to 60 of 100 results')).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '2', '3', '4', '5', '6', 'Next']);
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 5, perPage: 15 }));
  });

  it("asks first for what the page's first read asked (index.ts): the page and filters it kept", async () => {
    const store = localStorageStore();
    store.setItem(SESSION_LIST_STORE_KEY, {
      page: 2,
      perPage: 15,
      sort: 'id',
      order: 'DESC',
      filter: { status: 'failed' },
      displayedFilters: {},
    });
    const firstRead = sessions.firstRead?.('');
    const { getList } = renderSessions(many, { total: 100, store });
    await screen.findByText('Showing 16 to 30 of 100 results');
    expect(firstRead?.method).toBe('getList');
    expect(getList.mock.calls[0]).toEqual(['sessions', expect.objectContaining(firstRead?.params)]);
    expect(firstRead?.params).toEqual({
      pagination: { page: 2, perPage: 15 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'failed' },
    });
  });

  it("keeps its page and filters in react-admin's store, and comes back to them", async () => {
    const user = userEvent.setup();
    const store = localStorageStore();
    const { view } = renderSessions(many, { total: 100, store });
    await screen.findByText('Showing 1 to 15 of 100 results');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 31 to 45 of 100 results');
    // page 3's own rows are here, not page 1's standing in while it loads
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ page: 3, filter: { status: 'failed' } });
    view.unmount();

    const { getList } = renderSessions(many, { total: 100, store });
    expect(await screen.findByText('Showing 31 to 45 of 100 results')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'sessions',
      expect.objectContaining({ pagination: { page: 3, perPage: 15 }, filter: { status: 'failed' } }),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Failed');
  });

  it('keeps a search typed but not yet sent when the admin leaves at once, from page 1 as it would have run', async () => {
    const user = userEvent.setup();
    const store = localStorageStore();
    const { view } = renderSessions(many, { total: 100, store });
    await screen.findByText('Showing 1 to 15 of 100 results');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ page: 2 }));
    await user.type(screen.getByPlaceholderText('Search sessions...'), 'Call 1');
    view.unmount();
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ page: 1, filter: { search: 'Call 1' } });

    const { getList } = renderSessions(many, { total: 100, store });
    expect(screen.getByPlaceholderText('Search sessions...')).toHaveValue('Call 1');
    await waitFor(() => expect(lastParams(getList)).toMatchObject({ pagination: { page: 1, perPage: 15 }, filter: { search: 'Call 1' } }));
  });

  it('does not remember the page still loading as the one it shows', async () => {
    const user = userEvent.setup();
    const store = localStorageStore();
    const { getList, view } = renderSessions(many, { total: 100, store });
    await screen.findByText('Showing 1 to 15 of 100 results');
    getList.mockImplementation(async () => new Promise(() => undefined));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 3, perPage: 15 }));
    view.unmount();
    expect(store.getItem(SESSION_LIST_STORE_KEY)).toMatchObject({ page: 1 });
  });

  it('hides the pagination with a single page', async () => {
    renderSessions(many, { total: 15 });
    await screen.findByText('Call 0');
    expect(screen.queryByRole('navigation', { name: 'Session pages' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});

describe('SessionList: search and status filter', () => {
  it('offers the spec status options and sends the status', async () => {
    const user = userEvent.setup();
    const { getList } = renderSessions();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All Status', 'Completed', 'In Progress', 'Failed']);
    await user.click(screen.getByRole('option', { name: 'In Progress' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ status: 'in_progress' }));
    expect(lastParams(getList)?.pagination?.page).toBe(1);
  });

  it('exports every session matching the status filter, page by page, as CSV', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:sessions');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { getList } = renderSessions();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ status: 'failed' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(lastParams(getList)).toMatchObject({ filter: { status: 'failed' }, pagination: { page: 1, perPage: 100 } });
  });

  it('filters the loaded page at once (name, email, room, id) and sends the search to the server', async () => {
    const user = userEvent.setup();
    const { getList } = renderSessions([
      buildSession({ sessionId: 'aaa-111', sessionName: 'Acme renewal', userEmail: 'x@example.test', metadata: { roomName: 'North' } }),
      buildSession({ sessionId: 'bbb-222', sessionName: 'Globex intro', userEmail: 'pat@example.test', metadata: { roomName: 'South' } }),
    ]);
    await screen.findByText('Acme renewal');
    await user.type(screen.getByPlaceholderText('Search sessions...'), 'SOUTH');
    expect(screen.queryByText('Acme renewal')).not.toBeInTheDocument();
    expect(screen.getByText('Globex intro')).toBeInTheDocument();
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ search: 'SOUTH' }));

    await user.clear(screen.getByPlaceholderText('Search sessions...'));
    await user.type(screen.getByPlaceholderText('Search sessions...'), 'aaa-1');
    expect(await screen.findByText('Acme renewal')).toBeInTheDocument();
    expect(screen.queryByText('Globex intro')).not.toBeInTheDocument();
  });
  it('sends the search without its outer spaces, and spaces alone as no search', async () => {
    const user = userEvent.setup();
    const { getList } = renderSessions();
    await screen.findByText('Discovery call with Acme');
    await user.type(screen.getByPlaceholderText('Search sessions...'), '  acme ');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ search: 'acme' }));
    expect(screen.getByPlaceholderText('Search sessions...')).toHaveValue('  acme ');
    await user.clear(screen.getByPlaceholderText('Search sessions...'));
    await user.type(screen.getByPlaceholderText('Search sessions...'), '   ');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({}));
    expect(screen.getByText('Discovery call with Acme')).toBeInTheDocument();
  });
});
