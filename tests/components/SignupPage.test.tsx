import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SignupPage } from '@/customPages/auth/SignupPage';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { renderPublicPage } from '../support/render';

// types into forms on a shared 2-core machine: more than the default 5 s under load

type User = ReturnType<typeof userEvent.setup>;

const fill = async (user: User, email: string, password: string, confirm: string) => {
  if (email) await user.type(screen.getByLabelText(/Email Address/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  if (confirm) await user.type(screen.getByLabelText(/Confirm Password/), confirm);
};
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('SignupPage', () => {
  it('has the three fields, the password helper text and a link back to sign-in', () => {
    renderPublicPage(<SignupPage />, { path: '/signup' });
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(/Confirm Password/)).toBeRequired();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign In' })).toHaveAttribute('href', '/login');
  });

  it('requires all three fields', async () => {
    const user = userEvent.setup();
    const auth = buildFakeAuth();
    renderPublicPage(<SignupPage />, { path: '/signup', auth });
    await fill(user, 'new@salescoach.test', 'secret1', '');
    await submit(user);
    expect(screen.getByText('Please fill in all fields')).toBeInTheDocument();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('rejects a password shorter than 6 characters', async () => {
    const user = userEvent.setup();
    renderPublicPage(<SignupPage />, { path: '/signup' });
    await fill(user, 'new@salescoach.test', 'abc', 'abc');
    await submit(user);
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
  });

  it('rejects passwords that do not match, and clears the message on edit', async () => {
    const user = userEvent.setup();
    renderPublicPage(<SignupPage />, { path: '/signup' });
    await fill(user, 'new@salescoach.test', 'secret1', 'secret2');
    await submit(user);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirm Password/), 'x');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it("words the identity provider's error", async () => {
    const user = userEvent.setup();
    const taken = buildAccount({ email: 'taken@salescoach.test' });
    renderPublicPage(<SignupPage />, { path: '/signup', auth: buildFakeAuth({ users: [taken] }) });
    await fill(user, taken.email, 'secret1', 'secret1');
    await submit(user);
    expect(
      await screen.findByText('An account with this email address already exists. Sign in, or reset its password.'),
    ).toBeInTheDocument();
  });

  it('signs a non-whitelisted account out and shows the access-denied message', async () => {
    const user = userEvent.setup();
    const auth = buildFakeAuth({ whitelisted: [] });
    renderPublicPage(<SignupPage />, { path: '/signup', auth });
    await fill(user, 'new@salescoach.test', 'secret1', 'secret1');
    await submit(user);
    expect(await screen.findByText('Access denied. Your account is not authorized to access the admin portal.')).toBeInTheDocument();
    expect(screen.getByText("Your account doesn't have the required permission.")).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalled();
    expect(auth.currentUser()).toBeNull();
  });

  it('sends a whitelisted account to /dashboard', async () => {
    const user = userEvent.setup();
    const auth = buildFakeAuth();
    auth.isWhitelisted.mockReturnValue(true);
    renderPublicPage(<SignupPage />, { path: '/signup', auth });
    await fill(user, 'new@salescoach.test', 'secret1', 'secret1');
    await submit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(auth.signUp).toHaveBeenCalledWith('new@salescoach.test', 'secret1');
  });

  describe('language switch', () => {
    afterEach(() => localStorage.clear());

    it('switches the card and its message to French and remembers the choice', async () => {
      const user = userEvent.setup();
      renderPublicPage(<SignupPage />, { path: '/signup' });
      await fill(user, 'new@salescoach.test', 'abc', 'abc');
      await submit(user);
      expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');

      expect(await screen.findByRole('heading', { name: 'Inscription' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/^Le mot de passe doit comporter au moins 6 caractères$/);
      expect(screen.getByLabelText(/Confirmer le mot de passe/)).toHaveValue('abc');
      expect(screen.getByRole('button', { name: "S'inscrire" })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Vous avez déjà un compte ? Se connecter' })).toHaveAttribute('href', '/login');
      expect(localStorage.getItem('RaStore.locale')).toBe('"fr"');
    });
  });
});
