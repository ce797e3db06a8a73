import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import users from '@/resources/users';
import { UserList } from '@/resources/users/UserList';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildUser, renderUsers as renderWith, rowOf } from '../support/users';

// MUI selects driven through role queries take a while in jsdom on a busy machine.

const renderUsers = (...args: Parameters<typeof renderWith>) => renderWith(...args).getList;

const lastParams = (getList: ReturnType<typeof renderUsers>) => getList.mock.calls.at(-1)?.[1];

const pick = async (user: ReturnType<typeof userEvent.setup>, combobox: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('UserList: the table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the columns, the role and status chips and the dates', async () => {
    renderUsers([
      buildUser(),
      buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob User', role: 'user', isActive: false, lastLogin: null }),
    ]);
    const row = await rowOf('ann@example.test');
    for (const column of ['User', 'Email', 'Role', 'Status', 'Last Login', 'Created', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(within(row).getByText('Ann Admin')).toBeInTheDocument();
    expect(within(row).getByTestId('AdminPanelSettingsIcon')).toBeInTheDocument();
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText(format(new Date('2025-03-05T10:30:00.000Z'), 'MMM dd, yyyy HH:mm'))).toBeInTheDocument();
    expect(within(row).getByText(format(new Date('2025-01-02T08:00:00.000Z'), 'MMM dd, yyyy'))).toBeInTheDocument();

    const bob = await rowOf('bob@example.test');
    expect(within(bob).getByTestId('PersonIcon')).toBeInTheDocument();
    expect(within(bob).getByText('User')).toBeInTheDocument();
    expect(within(bob).getByText('Inactive')).toBeInTheDocument();
    expect(within(bob).getByText('Never')).toBeInTheDocument();
  });

  it('says beside the email whether it is verified, and nothing when the identity provider could not tell', async () => {
    renderUsers([
      buildUser(),
      buildUser({ id: 'u2', email: 'bob@example.test', name: 'Bob User', emailVerified: false }),
      buildUser({ id: 'u3', email: 'cy@example.test', name: 'Cy Unknown', emailVerified: null }),
    ]);
    const ann = await rowOf('ann@example.test');
    expect(within(ann).getByText('Verified')).toBeInTheDocument();
    expect(within(ann).queryByText('Not verified')).not.toBeInTheDocument();
    expect(within(await rowOf('bob@example.test')).getByText('Not verified')).toBeInTheDocument();
    const cy = await rowOf('cy@example.test');
    expect(within(cy).queryByText('Verified')).not.toBeInTheDocument();
    expect(within(cy).queryByText('Not verified')).not.toBeInTheDocument();
    // The spec's columns stay as they are (the state sits in the Email cell), after the bulk actions' box.
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
  });

  it('offers the row actions with accessible names', async () => {
    renderUsers([buildUser(), buildUser({ id: 'u2', email: 'bob@example.test', isActive: false })]);
    const row = await rowOf('ann@example.test');
    for (const action of ['Edit', 'Reset Password', 'Delete'])
      expect(within(row).getByRole('button', { name: action })).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Disable user' })).toBeChecked();
    const bob = await rowOf('bob@example.test');
    expect(within(bob).getByRole('switch', { name: 'Enable user' })).not.toBeChecked();
  });

  it("links each user's row to their calls: the Sessions list filtered by their email", async () => {
    renderUsers([buildUser({ name: 'Ann Lee' })]);
    const link = within(await rowOf('ann@example.test')).getByRole('link', { name: 'Calls of Ann Lee' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://portal.test');
    expect(target.pathname).toBe('/sessions');
    expect(JSON.parse(target.searchParams.get('filter') ?? '{}')).toEqual({ rep: 'ann@example.test' });
  });

  it("links each user's row to their page in Insights, beside their calls", async () => {
    renderUsers([buildUser({ name: 'Ann Lee' })]);
    const link = within(await rowOf('ann@example.test')).getByRole('link', { name: 'Coaching figures of Ann Lee' });
    expect(link).toHaveAttribute('href', '/insights/reps/ann%40example.test');
  });

  it('says when there are no users', async () => {
    renderUsers([]);
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('shows a progress indicator while loading', () => {
    renderUsers();
    expect(screen.getByRole('progressbar', { name: 'Loading users...' })).toBeInTheDocument();
  });

  it("shows the server's message, or the fallback, when a refresh fails, and lets it be dismissed over the rows kept", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    // the http client's HttpError for a spec error body `{ error, message }` (docs/api.md)
    const failure = new HttpError('Database unavailable', 503, { error: 'AUTH_UNAVAILABLE', message: 'Database unavailable' });
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [buildUser()], total: 1 })
      .mockRejectedValue(failure);
    const dataProvider = buildDataProvider({ getList } as never);
    renderInAdmin(<UserList />, { dataProvider, path: '/users' });
    await rowOf('ann@example.test');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('falls back to "Failed to fetch users"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dataProvider = buildDataProvider({ getList: vi.fn(async () => Promise.reject(new Error(''))) } as never);
    renderInAdmin(<UserList />, { dataProvider, path: '/users' });
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });
});

describe('UserList: toolbar, filters and paging', () => {
  it('shows the toolbar', async () => {
    renderUsers();
    expect(screen.getByPlaceholderText('Search by email or name...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('All');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
  });

  it('asks for the first page of 10 with no filters', async () => {
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    expect(getList).toHaveBeenCalledWith('users', expect.objectContaining({ pagination: { page: 1, perPage: 10 }, filter: {} }));
  });

  it("asks first for exactly the declaration's first read, so a fresh load takes the early answer (dataProvider/firstRead.ts)", async () => {
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    const { pagination, sort, filter } = getList.mock.calls[0][1];
    expect({ method: 'getList', params: { pagination, sort, filter } }).toEqual(users.firstRead?.(''));
  });

  it('offers the spec filter options', async () => {
    const user = userEvent.setup();
    renderUsers();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Admin', 'User']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // Deleted beside the spec's values
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Active', 'Inactive', 'Deleted']);
  });

  it('refetches with the role and status filters (isActive a boolean)', async () => {
    const user = userEvent.setup();
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    await pick(user, 'Role', 'Admin');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ role: 'admin' }));
    await pick(user, 'Status', 'Inactive');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ role: 'admin', isActive: false }));
    await pick(user, 'Status', 'Active');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ role: 'admin', isActive: true }));
    await pick(user, 'Role', 'All');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ isActive: true }));
  });

  it('searches once typing pauses', async () => {
    const user = userEvent.setup();
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    await user.type(screen.getByPlaceholderText('Search by email or name...'), 'bob');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ search: 'bob' }), { timeout: 5_000 });
    const searches = getList.mock.calls.map(([, params]) => params.filter.search).filter(Boolean);
    expect(searches).toEqual(['bob']);
  });

  it('searches without the outer spaces, which stay in the box', async () => {
    const user = userEvent.setup();
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    const box = screen.getByPlaceholderText('Search by email or name...');
    await user.type(box, ' bob ');
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ search: 'bob' }), { timeout: 5_000 });
    expect(box).toHaveValue(' bob ');
  });

  it('sends the 0-based UI page as page + 1', async () => {
    const user = userEvent.setup();
    const getList = renderUsers([buildUser()], { total: 35 });
    await screen.findByText('Ann Admin');
    expect(screen.getByText('1–10 of 35')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 2, perPage: 10 }));
    expect(await screen.findByText('11–20 of 35')).toBeInTheDocument();
  });

  it('goes back to the first page when rows per page change, with the options 10, 25, 50, 100', async () => {
    const user = userEvent.setup();
    const getList = renderUsers([buildUser()], { total: 120 });
    await screen.findByText('Ann Admin');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 2, perPage: 10 }));
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 1, perPage: 25 }));
  });

  it('goes back to the first page when a filter changes', async () => {
    const user = userEvent.setup();
    const getList = renderUsers([buildUser()], { total: 35 });
    await screen.findByText('Ann Admin');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastParams(getList)?.pagination?.page).toBe(2));
    await pick(user, 'Role', 'User');
    await waitFor(() => expect(lastParams(getList)).toMatchObject({ pagination: { page: 1 }, filter: { role: 'user' } }));
  });

  it('refetches on Refresh', async () => {
    const user = userEvent.setup();
    const getList = renderUsers();
    await screen.findByText('Ann Admin');
    const before = getList.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(before));
  });
});
