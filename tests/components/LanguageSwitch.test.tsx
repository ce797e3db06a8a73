import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/customPages/LoginPage';
import { storeLocale } from '@/i18n/locale';
import { PortalLayout } from '@/layout/PortalLayout';
import { UserList } from '@/resources/users/UserList';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin, renderPublicPage } from '../support/render';
import { buildUser, rowOf } from '../support/users';

vi.setConfig({ testTimeout: 20_000 });

const admin = buildAccount({ email: 'admin@salescoach.test' });
const ann = buildUser();

const renderUsersInLayout = () =>
  renderInAdmin(
    <PortalLayout>
      <UserList />
    </PortalLayout>,
    {
      auth: buildFakeAuth({ users: [admin], signedInAs: admin.email }),
      dataProvider: buildDataProvider({ getList: vi.fn(async () => ({ data: [ann], total: 1 })) as never }),
      path: '/users',
    },
  );

const choose = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string) => {
  await user.click(screen.getByRole('button', { name: current }));
  await user.click(await screen.findByRole('menuitem', { name: next }));
};

describe('the language menu in the top bar', () => {
  it('switches the menu, the page title, the table and its dates to French and back', async () => {
    const user = userEvent.setup();
    renderUsersInLayout();
    await rowOf(ann.email);

    await choose(user, 'English', 'Français');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Dernière connexion' })).toBeInTheDocument();
    const row = await rowOf(ann.email);
    expect(within(row).getByText(format(new Date(ann.createdAt), 'MMM dd, yyyy', { locale: fr }))).toBeInTheDocument();

    await choose(user, 'Français', 'English');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('the sign-in page', () => {
  afterEach(() => localStorage.clear());

  it('speaks the language chosen in the portal', () => {
    storeLocale('fr');
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: "Portail d'administration" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeInTheDocument();
  });

  it('speaks English when no language was chosen', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
  });
});
