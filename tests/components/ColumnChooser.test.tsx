import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider, localStorageStore, ResourceContextProvider, type Store } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@/contract/apiKeys';
import { fr } from '@/i18n/fr';
import { createPortalStore } from '@/portalStore';
import { ApiKeyList } from '@/resources/apiKeys/ApiKeyList';
import audit from '@/resources/audit';
import { ResourceList } from '@/resources/generic/ResourceList';
import { SessionList } from '@/resources/sessions/SessionList';
import { UserList } from '@/resources/users/UserList';
import { buildAccount, buildFakeAuth, type FakeAccount } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin } from '../support/render';
import { buildSession } from '../support/sessions';
import { buildUser } from '../support/users';

// MUI menus driven through role queries take a while in jsdom on a busy machine.

const admin = buildAccount({ email: 'admin@salescoach.test' });
const other = buildAccount({ email: 'other@salescoach.test' });
const SESSION_HEADERS = ['Session Info', 'User', 'Room', 'Duration', 'Statistics', 'Landmines', 'Status', 'Actions'];

/** The key the portal's localStorage store writes the sessions choice under, for `account`. */
const storedKey = (account: FakeAccount, list = 'sessions') => `RaStore.listPreferences.${account.uid}.${list}.hiddenColumns`;

const renderList = (
  ui: ReactElement,
  rows: object[],
  {
    account = admin,
    store = localStorageStore(),
    i18nProvider,
  }: { account?: FakeAccount; store?: Store; i18nProvider?: I18nProvider } = {},
) => {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  const auth = buildFakeAuth({ users: [admin, other], signedInAs: account.email });
  return renderInAdmin(ui, { dataProvider: buildDataProvider({ getList } as never), auth, store, i18nProvider });
};

const showSessions = (options?: Parameters<typeof renderList>[2]) =>
  renderList(<SessionList />, [{ ...buildSession(), id: buildSession().sessionId }], options);

// `hidden`: while the menu is open, MUI hides the page behind it from the accessibility tree.
const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
const columnsButton = (name: string) => screen.getByRole('button', { name, hidden: true });

const openColumns = async (user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Columns/) => {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the column chooser on Sessions', () => {
  it('hides a column, which stays hidden after the list is opened again', async () => {
    const user = userEvent.setup();
    const view = showSessions();
    await screen.findByText('Room Alpha');
    expect(headers()).toEqual(SESSION_HEADERS);

    const menu = await openColumns(user, 'Columns');
    expect(menu).toHaveAccessibleName('Columns to show');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Room' }));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Room' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');

    expect(headers()).toEqual(SESSION_HEADERS.filter((header) => header !== 'Room'));
    expect(screen.queryByText('Room Alpha')).not.toBeInTheDocument();
    expect(screen.getByText('sam@example.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(storedKey(admin)) ?? 'null')).toEqual(['room']);

    view.unmount();
    showSessions();
    await screen.findByText('sam@example.test');
    expect(headers()).toEqual(SESSION_HEADERS.filter((header) => header !== 'Room'));
    expect(screen.queryByText('Room Alpha')).not.toBeInTheDocument();
  });

  it('works from the keyboard, keeps the session and its actions, and Reset shows every column again', async () => {
    const user = userEvent.setup();
    showSessions();
    await screen.findByText('Room Alpha');
    screen.getByRole('button', { name: 'Columns' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    for (const name of [/^Session Info/, /^Actions/]) {
      const item = within(menu).getByRole('menuitemcheckbox', { name });
      expect(item).toHaveAttribute('aria-checked', 'true');
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent('Always shown');
    }
    // the first item that can change takes the focus; Space toggles it, the arrow moves on
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('User'));
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('Room');
    await user.keyboard('{Enter}');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'User' })).toHaveAttribute('aria-checked', 'false');
    expect(headers()).toEqual(['Session Info', 'Duration', 'Statistics', 'Landmines', 'Status', 'Actions']);
    expect(columnsButton('Columns (2 hidden)')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Reset columns' }));
    expect(headers()).toEqual(SESSION_HEADERS);
    expect(screen.getByText('Room Alpha')).toBeInTheDocument();
  });

  it('is remembered per admin: another admin on the same browser sees every column', async () => {
    localStorage.setItem(storedKey(admin), JSON.stringify(['room', 'duration']));
    showSessions({ account: other });
    await screen.findByText('Room Alpha');
    expect(headers()).toEqual(SESSION_HEADERS);
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });

  it.each([
    ['not JSON', '{"room'],
    ['not a list', '{"room":true}'],
    ['a list of numbers', '[1,2,3]'],
  ])('ignores a stored value that is %s', async (_what, raw) => {
    localStorage.setItem(storedKey(admin), raw);
    showSessions();
    await screen.findByText('Room Alpha');
    expect(headers()).toEqual(SESSION_HEADERS);
  });

  it('ignores unknown and required names in a stored list, and keeps the known ones', async () => {
    localStorage.setItem(storedKey(admin), JSON.stringify(['room', 'weather', 'info', 'actions']));
    showSessions();
    await screen.findByText('sam@example.test');
    expect(headers()).toEqual(SESSION_HEADERS.filter((header) => header !== 'Room'));
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    showSessions({ i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    await screen.findByText('Room Alpha');
    const menu = await openColumns(user, 'Colonnes');
    expect(menu).toHaveAccessibleName('Colonnes à afficher');
    expect(within(menu).getByRole('menuitemcheckbox', { name: /^Session/ })).toHaveTextContent('Toujours affichée');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Salle' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Durée' }));
    expect(columnsButton('Colonnes (2 masquées)')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Durée' }));
    expect(columnsButton('Colonnes (1 masquée)')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Réinitialiser les colonnes' })).toBeInTheDocument();
  });
});

describe('the column chooser on the other lists', () => {
  const hide = async (column: string) => {
    const user = userEvent.setup();
    const menu = await openColumns(user);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: column }));
    await user.keyboard('{Escape}');
  };

  it('Users: hides Last Login, keeps Email', async () => {
    renderList(<UserList />, [buildUser({ lastLogin: null })]);
    await screen.findByText('Never');
    const menu = await openColumns(userEvent.setup());
    expect(within(menu).getByRole('menuitemcheckbox', { name: /^Email/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await hide('Last Login');
    // the first header holds the bulk actions' select-all box
    expect(headers()).toEqual(['', 'User', 'Email', 'Role', 'Status', 'Created', 'Actions']);
    expect(screen.queryByText('Never')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(storedKey(admin, 'users')) ?? 'null')).toEqual(['lastLogin']);
  });

  it('Service keys: hides Scopes', async () => {
    const key: ApiKey = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Live assistant',
      scopes: ['config:read'],
      prefix: 'scak_Ab3dE9x',
      createdByUid: 'uid-ann',
      createdByEmail: 'ann@example.test',
      createdAt: '2026-05-01T09:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    renderList(<ApiKeyList />, [key]);
    await screen.findByText('config:read');
    await hide('Scopes');
    expect(headers()).toEqual(['Name', 'Key', 'Created', 'Last used', 'Status', 'Actions']);
    expect(screen.queryByText('config:read')).not.toBeInTheDocument();
  });

  it('Audit (the generated list): hides Target ID, keeps When', async () => {
    const row = {
      id: 'a1',
      at: '2026-05-01T09:00:00.000Z',
      actorEmail: 'ann@example.test',
      action: 'user.update',
      targetType: 'user',
      targetId: 'target-42',
      changes: [],
    };
    renderList(
      <ResourceContextProvider value="audit">
        <ResourceList declaration={audit} />
      </ResourceContextProvider>,
      [row],
    );
    await screen.findByText('target-42');
    const menu = await openColumns(userEvent.setup());
    expect(within(menu).getByRole('menuitemcheckbox', { name: /^When/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await hide('Target ID');
    await waitFor(() => expect(screen.queryByText('target-42')).not.toBeInTheDocument());
    expect(screen.queryByRole('columnheader', { name: /Target ID/ })).not.toBeInTheDocument();
    expect(screen.getByText('ann@example.test')).toBeInTheDocument();
  });
});

describe('the portal store on sign-out', () => {
  it('keeps each admin’s list preferences and forgets the rest of the session', () => {
    const store = createPortalStore();
    store.setup();
    store.setItem(`listPreferences.${admin.uid}.sessions.hiddenColumns`, ['room']);
    store.setItem('sessions.listParams', { page: 3 });
    store.reset();
    expect(store.getItem(`listPreferences.${admin.uid}.sessions.hiddenColumns`)).toEqual(['room']);
    expect(store.getItem('sessions.listParams')).toBeUndefined();
    store.teardown();
  });
});
