import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authErrorMessage, messageText } from '@/customPages/auth/authMessages';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { SignupPage } from '@/customPages/auth/SignupPage';
import { en } from '@/i18n/en';
import { fr } from '@/i18n/fr';
import { chooseLocale } from '@/i18n/translate';
import { buildAccount, buildFakeAuth } from '../support/fakePortalAuth';
import { renderPublicPage } from '../support/render';

// renders the app (or types into forms) on a shared 2-core machine: more than the default 5 s under load

const lookup = (catalogue: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

/** Firebase's own error shape: the code on the error and in the message. */
const firebaseError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

const KNOWN_CODES = [
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-password',
  'auth/invalid-email',
  'auth/missing-email',
  'auth/missing-password',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/quota-exceeded',
  'auth/network-request-failed',
  'auth/timeout',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
  'auth/operation-not-allowed',
  'auth/admin-restricted-operation',
  'auth/web-storage-unsupported',
  'auth/invalid-api-key',
  'auth/app-not-authorized',
  'auth/unauthorized-domain',
  'auth/configuration-not-found',
  'auth/user-token-expired',
  'auth/invalid-user-token',
  'auth/requires-recent-login',
];

describe('identity errors, worded', () => {
  afterEach(async () => {
    await chooseLocale('en');
    localStorage.clear();
  });

  it.each(KNOWN_CODES)('words %s in English and French, on every form', (code) => {
    for (const action of ['signIn', 'signUp', 'reset'] as const) {
      const key = authErrorMessage(firebaseError(code), action);
      expect(key, `${code} ${action}`).toMatch(/^app\./);
      expect(typeof lookup(en, key), key).toBe('string');
      expect(typeof lookup(fr, key), key).toBe('string');
      expect(lookup(fr, key)).not.toBe(lookup(en, key));
    }
  });

  it('gives a wrong password and an unknown email the same sentence, so the form reveals no account', () => {
    const sentences = ['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential'].map((code) =>
      messageText(authErrorMessage(firebaseError(code), 'signIn')),
    );
    expect(new Set(sentences)).toEqual(new Set(['Incorrect email or password.']));
  });

  it("reads the code from the message when the error carries none, and the action's text for an unknown one", () => {
    expect(authErrorMessage(new Error('Firebase: Error (auth/user-disabled).'), 'signIn')).toBe('app.auth.identity.userDisabled');
    expect(messageText(authErrorMessage(firebaseError('auth/something-new'), 'signIn'))).toBe('Sign-in failed. Please try again.');
    expect(messageText(authErrorMessage(firebaseError('auth/something-new'), 'signUp'))).toBe('Sign-up failed. Please try again.');
    expect(messageText(authErrorMessage(new Error('boom'), 'reset'))).toBe('Failed to send password reset email');
  });

  it("passes the password policy's unmet rules through after its own sentence (spec 5)", () => {
    const error = firebaseError(
      'auth/password-does-not-meet-requirements',
      'Firebase: Missing password requirements: [Password must contain a numeric character] (auth/password-does-not-meet-requirements).',
    );
    expect(messageText(authErrorMessage(error, 'signUp'))).toBe(
      'The password does not meet the password policy. [Password must contain a numeric character]',
    );
  });

  it('shows the worded sign-in error in French', async () => {
    const user = userEvent.setup();
    const admin = buildAccount({ email: 'admin@salescoach.test' });
    renderPublicPage(<LoginPage />, { auth: buildFakeAuth({ users: [admin] }) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    await user.type(await screen.findByLabelText(/Adresse e-mail/, {}, { timeout: 5_000 }), 'nobody@salescoach.test');
    await user.type(screen.getByLabelText(/Mot de passe/), 'whatever{Enter}');
    expect(await screen.findByText('Adresse e-mail ou mot de passe incorrect.')).toBeInTheDocument();
    expect(screen.queryByText(/Firebase/)).not.toBeInTheDocument();
  });

  it('shows the worded sign-up error in French', async () => {
    const user = userEvent.setup();
    const taken = buildAccount({ email: 'taken@salescoach.test' });
    renderPublicPage(<SignupPage />, { path: '/signup', auth: buildFakeAuth({ users: [taken] }) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    await user.type(await screen.findByLabelText(/^Adresse e-mail/, {}, { timeout: 5_000 }), taken.email);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirmer/), 'secret1{Enter}');
    expect(
      await screen.findByText('Un compte existe déjà avec cette adresse e-mail. Connectez-vous ou réinitialisez son mot de passe.'),
    ).toBeInTheDocument();
  });

  it('clears a sign-in error when the mode changes to reset and back', async () => {
    const user = userEvent.setup();
    const admin = buildAccount({ email: 'admin@salescoach.test' });
    renderPublicPage(<LoginPage />, { auth: buildFakeAuth({ users: [admin] }) });
    await user.type(screen.getByLabelText(/Email Address/), admin.email);
    await user.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.queryByText('Incorrect email or password.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Incorrect email or password.')).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});
