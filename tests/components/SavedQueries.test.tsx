import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type GetListParams, type I18nProvider, localStorageStore, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fr } from '@/i18n/fr';
import audit from '@/resources/audit';
import { ResourceList } from '@/resources/generic/ResourceList';
import { SessionList } from '@/resources/sessions/SessionList';
import { UserList } from '@/resources/users/UserList';
import { buildAccount, buildFakeAuth, type FakeAccount } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildSession } from '../support/sessions';
import { buildUser } from '../support/users';

// MUI popovers and dialogs driven through role queries take a while in jsdom on a busy machine.

const admin = buildAccount({ email: 'admin@salescoach.test' });
const other = buildAccount({ email: 'other@salescoach.test' });
const storedKey = (account: FakeAccount, list: string) => `RaStore.listPreferences.${account.uid}.${list}.savedQueries`;

type User = ReturnType<typeof userEvent.setup>;

const render = (
  ui: ReactElement,
  rows: object[],
  { account = admin, i18nProvider }: { account?: FakeAccount; i18nProvider?: I18nProvider } = {},
) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: rows.length }));
  const auth = buildFakeAuth({ users: [admin, other], signedInAs: account.email });
  const view = renderInAdmin(ui, { dataProvider: buildDataProvider({ getList } as never), auth, store: localStorageStore(), i18nProvider });
  return { getList, view };
};

const showUsers = (options?: Parameters<typeof render>[2]) => render(<UserList />, [buildUser()], options);
/** A saved query of the Users list, stored as react-admin stores it, with the list's sort and page size. */
const usersQuery = (filter: object) => ({ filter, displayedFilters: [], sort: { field: 'id', order: 'DESC' }, perPage: 10 });
const lastFilter = (getList: ReturnType<typeof render>['getList']) => getList.mock.calls.at(-1)?.[1].filter;

const pick = async (user: User, combobox: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** Opens the Saved queries popover and returns it. */
const openSaved = async (user: User, name = 'Saved queries') => {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('group', { name });
};

const saveAs = async (user: User, name: string) => {
  const popover = await openSaved(user);
  await user.click(within(popover).getByRole('button', { name: 'Save current query' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save the current filters and search' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save the current filters and search' })).not.toBeInTheDocument());
  await user.keyboard('{Escape}');
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('saved queries on Users', () => {
  it('saves the search and filters under a name and applies them again in one click, after a remount too', async () => {
    const user = userEvent.setup();
    const first = showUsers();
    await screen.findByText('ann@example.test');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ann');
    // the search is debounced: saved only once the list has taken it
    await waitFor(() => expect(lastFilter(first.getList)).toEqual({ search: 'ann' }));
    await pick(user, 'Role', 'Admin');
    await pick(user, 'Status', 'Active');
    await saveAs(user, 'Active admins named Ann');
    // react-admin's saved query: the filters as the server takes them, the sort and the page size
    expect(JSON.parse(localStorage.getItem(storedKey(admin, 'users')) ?? 'null')).toEqual([
      { label: 'Active admins named Ann', value: usersQuery({ search: 'ann', role: 'admin', isActive: true }) },
    ]);

    first.view.unmount();
    const { getList } = showUsers();
    await screen.findByText('ann@example.test');
    // react-admin's list sync keeps the last filters across the remount; clear them to see the saved query apply
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await pick(user, 'Role', 'All');
    await pick(user, 'Status', 'All');
    await waitFor(() => expect(lastFilter(getList)).toEqual({}));
    const popover = await openSaved(user);
    expect(popover).toHaveTextContent('1 saved query');
    await user.click(within(popover).getByRole('button', { name: 'Apply Active admins named Ann' }));

    await waitFor(() => expect(lastFilter(getList)).toEqual({ search: 'ann', role: 'admin', isActive: true }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    expect(screen.queryByRole('group', { name: 'Saved queries' })).not.toBeInTheDocument();
  });

  it('asks for a name, says when a name replaces a saved query, and deletes one', async () => {
    const user = userEvent.setup();
    showUsers();
    await screen.findByText('ann@example.test');
    await pick(user, 'Role', 'User');
    await saveAs(user, 'Users');
    await pick(user, 'Status', 'Deleted');
    await saveAs(user, 'Deleted users');

    let popover = await openSaved(user);
    expect(popover).toHaveTextContent('2 saved queries');
    await user.click(within(popover).getByRole('button', { name: 'Save current query' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(dialog).toHaveTextContent('Give the query a name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Users');
    expect(dialog).toHaveTextContent('The saved query with this name will be replaced.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    popover = await screen.findByRole('group', { name: 'Saved queries' });
    await user.click(within(popover).getByRole('button', { name: 'Delete saved query Users' }));
    expect(within(popover).queryByRole('button', { name: 'Apply Users' })).not.toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Apply Deleted users' })).toBeInTheDocument();
    expect(popover).toHaveTextContent('1 saved query');
    expect(JSON.parse(localStorage.getItem(storedKey(admin, 'users')) ?? 'null')).toEqual([
      { label: 'Deleted users', value: usersQuery({ role: 'user', deleted: true }) },
    ]);
  });

  it('is remembered per admin: another admin on the same browser has none', async () => {
    localStorage.setItem(storedKey(admin, 'users'), JSON.stringify([{ label: 'Admins', value: usersQuery({ role: 'admin' }) }]));
    const user = userEvent.setup();
    showUsers({ account: other });
    await screen.findByText('ann@example.test');
    const popover = await openSaved(user);
    expect(popover).toHaveTextContent('No saved queries yet.');
    expect(within(popover).queryByRole('button', { name: 'Apply Admins' })).not.toBeInTheDocument();
  });

  it('ignores a corrupt stored value, and entries it cannot apply', async () => {
    const user = userEvent.setup();
    localStorage.setItem(storedKey(admin, 'users'), '[{"name": "broken');
    const { view } = showUsers();
    await screen.findByText('ann@example.test');
    expect(await openSaved(user)).toHaveTextContent('No saved queries yet.');
    view.unmount();

    localStorage.setItem(
      storedKey(admin, 'users'),
      JSON.stringify([
        { label: 'Superusers', value: usersQuery({ role: 'superuser' }) },
        { label: 'Padded', value: usersQuery({ search: ' ann ' }) },
        { label: 'Huge pages', value: { ...usersQuery({}), perPage: 1000 } },
        { label: '', value: usersQuery({ role: 'admin' }) },
        { name: 'Admins', query: { search: '', role: 'admin', status: 'all' } },
        'Admins',
        null,
        { label: 'Inactive', value: usersQuery({ isActive: false }) },
      ]),
    );
    showUsers();
    await screen.findByText('ann@example.test');
    const popover = await openSaved(user);
    expect(
      within(popover)
        .getAllByRole('button', { name: /^Apply / })
        .map((button) => button.textContent),
    ).toEqual(['Inactive']);
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    showUsers({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    await screen.findByText('ann@example.test');
    let popover = await openSaved(user, 'Requêtes enregistrées');
    expect(popover).toHaveTextContent('Aucune requête enregistrée.');
    await user.click(within(popover).getByRole('button', { name: 'Enregistrer la requête actuelle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer les filtres et la recherche actuels' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Tous');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    popover = await screen.findByRole('group', { name: 'Requêtes enregistrées' });
    await waitFor(() => expect(popover).toHaveTextContent('1 requête enregistrée'));
    expect(within(popover).getByRole('button', { name: 'Appliquer Tous' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Supprimer la requête enregistrée Tous' })).toBeInTheDocument();
  });
});

describe('saved queries on the other lists', () => {
  it('Sessions: applies a saved status and search', async () => {
    localStorage.setItem(
      storedKey(admin, 'sessions'),
      JSON.stringify([
        {
          label: 'Failed Acme',
          value: { filter: { search: 'acme', status: 'failed' }, displayedFilters: [], sort: { field: 'id', order: 'DESC' }, perPage: 15 },
        },
        // a status the toolbar does not offer: not offered either
        {
          label: 'Archived',
          value: { filter: { status: 'archived' }, displayedFilters: [], sort: { field: 'id', order: 'DESC' }, perPage: 15 },
        },
      ]),
    );
    const user = userEvent.setup();
    const { getList } = render(<SessionList />, [{ ...buildSession(), id: buildSession().sessionId }]);
    await screen.findByText('Room Alpha');
    const popover = await openSaved(user);
    expect(within(popover).queryByRole('button', { name: 'Apply Archived' })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Apply Failed Acme' }));
    await waitFor(() => expect(lastFilter(getList)).toEqual({ search: 'acme', status: 'failed' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('acme');
  });

  it('Audit (the generated list): saves the filters and the sort, applies them, and ignores queries it cannot apply', async () => {
    const user = userEvent.setup();
    const row = {
      id: 'a1',
      at: '2026-05-01T09:00:00.000Z',
      actorEmail: 'ann@example.test',
      action: 'user.update',
      targetType: 'user',
      targetId: 't',
      changes: [],
    };
    const oldestFirst = { field: 'at', order: 'ASC' };
    localStorage.setItem(
      storedKey(admin, 'audit'),
      JSON.stringify([
        { label: 'Ann, oldest first', value: { filter: { actorEmail: 'ann' }, sort: oldestFirst, perPage: 25 } },
        // a filter the declaration does not offer, and a sort on a field it does not sort on: the API would refuse them
        { label: 'Unknown filter', value: { filter: { actorEmail: 'ann', unknown: 'x' }, sort: oldestFirst, perPage: 25 } },
        { label: 'Sorted by changes', value: { filter: {}, sort: { field: 'changes', order: 'ASC' }, perPage: 25 } },
      ]),
    );
    const { getList } = render(
      <ResourceContextProvider value="audit">
        <ResourceList declaration={audit} />
      </ResourceContextProvider>,
      [row],
    );
    await screen.findByText('ann@example.test');
    const popover = await openSaved(user);
    expect(
      within(popover)
        .getAllByRole('button', { name: /^Apply / })
        .map((button) => button.textContent),
    ).toEqual(['Ann, oldest first']);
    await user.click(within(popover).getByRole('button', { name: 'Apply Ann, oldest first' }));
    await waitFor(() =>
      expect(getList.mock.calls.at(-1)?.[1]).toMatchObject({ filter: { actorEmail: 'ann' }, sort: { field: 'at', order: 'ASC' } }),
    );
    expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ actorEmail: 'ann' });

    await saveAs(user, 'Ann again');
    expect(JSON.parse(localStorage.getItem(storedKey(admin, 'audit')) ?? 'null')).toContainEqual({
      label: 'Ann again',
      value: expect.objectContaining({ filter: { actorEmail: 'ann' }, sort: { field: 'at', order: 'ASC' } }),
    });
  });
});
