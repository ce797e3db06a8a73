import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { renderPublicPage } from '../support/render';

// types into forms on a shared 2-core machine: more than the default 5 s under load

const admin = buildAccount({ email: 'admin@salescoach.test' });
const rep = buildAccount({ email: 'rep@salescoach.test' });
const buildAuth = () => buildFakeAuth({ users: [admin, rep], whitelisted: [admin.uid] });

const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

describe('LoginPage', () => {
  afterEach(() => vi.useRealTimers());

  it('is titled Admin Portal / Sign In and links to sign-up', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Don't have an account? Sign Up" })).toHaveAttribute('href', '/signup');
  });

  it('labels its fields with autocomplete hints', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('keeps Sign In disabled until both fields are filled', async () => {
    const user = userEvent.setup();
    renderPublicPage(<LoginPage />);
    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Email Address/), 'admin@salescoach.test');
    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Password/), 'Demo-pass-1');
    expect(signInButton()).toBeEnabled();
  });

  it('disables the submit button while signing in', async () => {
    const user = userEvent.setup();
    const auth = buildAuth();
    auth.signIn.mockReturnValue(new Promise(() => undefined));
    renderPublicPage(<LoginPage />, { auth });
    await user.type(screen.getByLabelText(/Email Address/), admin.email);
    await user.type(screen.getByLabelText(/Password/), admin.password);
    await user.click(signInButton());
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('sends a whitelisted admin to /dashboard when Enter is pressed', async () => {
    const user = userEvent.setup();
    const auth = buildAuth();
    renderPublicPage(<LoginPage />, { auth });
    await user.type(screen.getByLabelText(/Email Address/), admin.email);
    await user.type(screen.getByLabelText(/Password/), `${admin.password}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(auth.signIn).toHaveBeenCalledWith(admin.email, admin.password);
  });

  it('shows the access-denied message about 100 ms after a non-whitelisted sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPublicPage(<LoginPage />, { auth: buildAuth() });
    await user.type(screen.getByLabelText(/Email Address/), rep.email);
    await user.type(screen.getByLabelText(/Password/), rep.password);
    await user.click(signInButton());
    expect(screen.queryByText('Access denied. Your account is not authorized to access the admin portal.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Access denied. Your account is not authorized to access the admin portal.')).toBeInTheDocument();
    expect(screen.getByText("Your account doesn't have the required permission.")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("words the identity provider's failures, never its raw message", async () => {
    const user = userEvent.setup();
    renderPublicPage(<LoginPage />, { auth: buildAuth() });
    await user.type(screen.getByLabelText(/Email Address/), admin.email);
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(signInButton());
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();
    expect(screen.queryByText(/Firebase|auth\//)).not.toBeInTheDocument();
  });

  it('shows the alert and error passed by the route guard', () => {
    renderPublicPage(<LoginPage />, { state: { alert: 'app.auth.noPermission', error: 'app.auth.accessDenied' } });
    expect(screen.getByText("Your account doesn't have the required permission.")).toBeInTheDocument();
    expect(screen.getByText('Access denied. Your account is not authorized to access the admin portal.')).toBeInTheDocument();
  });

  describe('language switch', () => {
    afterEach(() => localStorage.clear());

    it('switches to French at once, the shown messages included, and remembers the choice', async () => {
      const user = userEvent.setup();
      renderPublicPage(<LoginPage />, { state: { alert: 'app.auth.noPermission', error: 'app.auth.accessDenied' } });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');

      expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
      expect(screen.getByText("Votre compte ne dispose pas de l'autorisation requise.")).toBeInTheDocument();
      expect(screen.getByText("Accès refusé. Votre compte n'est pas autorisé à accéder au portail d'administration.")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
      expect(localStorage.getItem('RaStore.locale')).toBe('"fr"');
    });

    it("words an unknown identity failure as the action's own text, and translates it", async () => {
      const user = userEvent.setup();
      const auth = buildAuth();
      auth.signIn.mockRejectedValue(new Error('Firebase: Error (auth/internal-error).'));
      renderPublicPage(<LoginPage />, { auth });
      await user.type(screen.getByLabelText(/Email Address/), admin.email);
      await user.type(screen.getByLabelText(/Password/), `${admin.password}{Enter}`);
      await screen.findByText('Sign-in failed. Please try again.');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');

      expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
      expect(screen.getByText('La connexion a échoué. Veuillez réessayer.')).toBeInTheDocument();
      expect(screen.getByLabelText(/Adresse e-mail/)).toHaveValue(admin.email);
    });
  });

  describe('reset mode', () => {
    const openReset = async (user: ReturnType<typeof userEvent.setup>, email = '') => {
      if (email) await user.type(screen.getByLabelText(/Email Address/), email);
      await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    };

    it('is titled Reset Password and is pre-filled with the typed email', async () => {
      const user = userEvent.setup();
      renderPublicPage(<LoginPage />);
      await openReset(user, 'admin@salescoach.test');
      expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
      expect(screen.getByText(/send you a link to reset your password/)).toBeInTheDocument();
      expect(screen.getByLabelText(/Email Address/)).toHaveValue('admin@salescoach.test');
      expect(screen.getByRole('button', { name: 'Send Reset Email' })).toBeInTheDocument();
    });

    it('asks for an email address when the field is empty', async () => {
      const user = userEvent.setup();
      const auth = buildAuth();
      renderPublicPage(<LoginPage />, { auth });
      await openReset(user);
      await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
      expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
      expect(auth.sendPasswordReset).not.toHaveBeenCalled();
    });

    it('confirms the email, clears the field and returns to sign-in after 3 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const auth = buildAuth();
      renderPublicPage(<LoginPage />, { auth });
      await openReset(user, admin.email);
      await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
      expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeInTheDocument();
      expect(auth.sendPasswordReset).toHaveBeenCalledWith(admin.email);
      expect(screen.getByLabelText(/Email Address/)).toHaveValue('');
      await act(() => vi.advanceTimersByTimeAsync(2_900));
      expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    });

    it('shows the reset error from the thrown key', async () => {
      const user = userEvent.setup();
      renderPublicPage(<LoginPage />, { auth: buildAuth() });
      await openReset(user, 'nobody@salescoach.test');
      await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
      expect(await screen.findByText('No account found with this email address')).toBeInTheDocument();
    });

    it('goes back to sign-in', async () => {
      const user = userEvent.setup();
      renderPublicPage(<LoginPage />);
      await openReset(user);
      await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
      expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    });
  });
});
