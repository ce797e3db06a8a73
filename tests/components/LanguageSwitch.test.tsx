import { Suspense } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { storedLocale, storeLocale } from '@/i18n/locale';
import { PortalLayout } from '@/layout/PortalLayout';
import { createPortalStore } from '@/portalStore';
import { UserList } from '@/resources/users/UserList';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { buildDataProvider, renderInAdmin, renderPublicPage } from '../support/render';
import { buildUser, rowOf } from '../support/users';

const admin = buildAccount({ email: 'admin@salescoach.test' });
const ann = buildUser();

const renderUsersInLayout = (store?: ReturnType<typeof createPortalStore>) =>
  renderInAdmin(
    <PortalLayout>
      <UserList />
    </PortalLayout>,
    {
      auth: buildFakeAuth({ users: [admin], signedInAs: admin.email }),
      dataProvider: buildDataProvider({ getList: vi.fn(async () => ({ data: [ann], total: 1 })) as never }),
      path: '/users',
      store,
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Dernière connexion' })).toBeInTheDocument();
    const row = await rowOf(ann.email);
    expect(within(row).getByText(format(new Date(ann.createdAt), 'd MMM yyyy', { locale: fr }))).toBeInTheDocument();

    await choose(user, 'Français', 'English');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('reads a stored language it does not know as English, and the portal still shows its pages', async () => {
    for (const stored of ['"xx-INVALID-"', '"de"', '{"locale":"fr"}', '42', 'not json']) {
      localStorage.setItem('RaStore.locale', stored);
      expect(storedLocale(), stored).toBe('en');
      expect(createPortalStore().getItem('locale'), stored).toBeUndefined();
      expect(createPortalStore().getItem('locale', 'en'), stored).toBe('en');
    }
    // a locale no date or number format knows: the list's dates are formatted with it
    localStorage.setItem('RaStore.locale', '"xx-INVALID-"');
    renderUsersInLayout(createPortalStore());
    const row = await rowOf(ann.email);
    expect(within(row).getByText(format(new Date(ann.createdAt), 'MMM dd, yyyy'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
  });
});

// The page suspends while a remembered language's messages are fetched, under main.tsx's Suspense.
const renderSuspendingLoginPage = () =>
  act(async () => {
    renderPublicPage(
      <Suspense fallback={null}>
        <LoginPage />
      </Suspense>,
    );
  });

describe('the sign-in page', () => {
  afterEach(() => localStorage.clear());

  it('speaks the language chosen in the portal', async () => {
    storeLocale('fr');
    await renderSuspendingLoginPage();
    expect(await screen.findByRole('heading', { name: "Portail d'administration" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });

  it('speaks English when no language was chosen', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});

describe('the language switch on the sign-in card', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.lang = '';
  });

  it('names each language in itself and is reached from the keyboard', async () => {
    const user = userEvent.setup();
    renderPublicPage(<LoginPage />);
    const languages = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(languages)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['Français', 'fr'],
    ]);
    // The email field has the focus on arrival; the switch sits before it on the card.
    await user.tab({ shift: true });
    expect(languages).toHaveFocus();
  });

  it('switches the sign-in page to French at once and remembers it for the portal', async () => {
    const user = userEvent.setup();
    renderPublicPage(<LoginPage />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');

    expect(await screen.findByRole('heading', { name: 'Connexion' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Portail d'administration" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Mot de passe/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Pas encore de compte ? S'inscrire" })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    expect(document.documentElement.lang).toBe('fr');
    // The portal's store (react-admin's localStorage store) reads the same entry.
    expect(localStorage.getItem('RaStore.locale')).toBe('"fr"');
    expect(createPortalStore().getItem('locale')).toBe('fr');
  });

  it('switches back to English', async () => {
    const user = userEvent.setup();
    storeLocale('fr');
    await renderSuspendingLoginPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Langue' }), 'English');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('RaStore.locale')).toBe('"en"');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the reset form too', async () => {
    const user = userEvent.setup();
    renderPublicPage(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');

    expect(await screen.findByRole('heading', { name: 'Réinitialiser le mot de passe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Envoyer l'e-mail de réinitialisation" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour à la connexion' })).toBeInTheDocument();
  });
});
