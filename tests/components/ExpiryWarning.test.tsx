import { useEffect, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { createPortalAuth } from '@/authProvider';
import { ExpiryWarning } from '@/customPages/auth/ExpiryWarning';
import { fr } from '@/i18n/fr';
import { buildIdTokenResult, createFakeFirebase, createMemoryStorage, HOUR } from '../unit/authFakes';
import { renderInAdmin } from '../support/render';

const MINUTE = 60_000;
const ADMIN = { uid: 'uid-admin', email: 'admin@salescoach.test' };
const LEAD = { uid: 'uid-lead', email: 'lead@salescoach.test' };
const PASSWORD = 'Demo-pass-1';
const WARNING = /Your session could not be renewed and ends in 7 minutes\. Sign in again to keep your work\./;

/**
 * The real PortalAuth over the fake Firebase Auth: the admin signed in with a token that
 * expires in 12 minutes (the session ends in 7, spec 5's buffer) and, unless `renewable`,
 * a refresh that fails as when the identity provider cannot be reached.
 */
const signedInSession = async ({ renewable = false } = {}) => {
  const { port, fake } = createFakeFirebase({ [ADMIN.email]: ADMIN, [LEAD.email]: LEAD });
  fake.password = PASSWORD;
  fake.cachedToken = buildIdTokenResult({
    token: 'token-expiring',
    issuedAt: Date.now() - 48 * MINUTE,
    expiresAt: Date.now() + 12 * MINUTE,
  });
  fake.refreshedToken = renewable
    ? buildIdTokenResult({ token: 'token-renewed', issuedAt: Date.now(), expiresAt: Date.now() + HOUR })
    : null;
  const storage = createMemoryStorage();
  const portalAuth = createPortalAuth({ auth: port, allowedUids: [ADMIN.uid, LEAD.uid], storage, clock: Date.now });
  await portalAuth.signIn(ADMIN.email, PASSWORD);
  return { portalAuth, fake, storage, storedToken: () => JSON.parse(storage.getItem('auth_token') ?? 'null')?.token };
};

let pageMounts = 0;

/** A page with a dialog the admin is typing in (open at first unless `closed`); counts its mounts. */
const PageWithDialog = ({ closed = false }: { closed?: boolean }) => {
  const [open, setOpen] = useState(!closed);
  const [note, setNote] = useState('');
  useEffect(() => {
    pageMounts += 1;
  }, []);
  if (!open) return <Button onClick={() => setOpen(true)}>Add Original FAQ</Button>;
  return (
    <Dialog open aria-labelledby="note-title">
      <DialogTitle id="note-title">Add Original FAQ</DialogTitle>
      <DialogContent>
        <TextField label="Answer" value={note} onChange={(event) => setNote(event.target.value)} multiline />
      </DialogContent>
    </Dialog>
  );
};

const renderPage = (
  session: Awaited<ReturnType<typeof signedInSession>>,
  options: Parameters<typeof renderInAdmin>[1] = {},
  dialogClosed = false,
) => {
  pageMounts = 0;
  return renderInAdmin(
    <>
      <PageWithDialog closed={dialogClosed} />
      <ExpiryWarning />
    </>,
    { auth: session.portalAuth, ...options },
  );
};

const signInDialog = () => screen.getByRole('dialog', { name: 'Sign in again' });

const openSignInAgain = async (user: ReturnType<typeof userEvent.setup>) => {
  const warning = await screen.findByRole('status');
  await user.click(within(warning).getByRole('button', { name: 'Sign in again' }));
  return signInDialog();
};

describe('the expiry warning', { timeout: 20_000 }, () => {
  it('renews the token early, and says nothing, when the refresh works', async () => {
    const session = await signedInSession({ renewable: true });
    renderPage(session);
    await waitFor(() => expect(session.storedToken()).toBe('token-renewed'));
    expect(session.fake.calls.forcedRefresh).toBe(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('warns without a modal, with the time left, when the refresh fails while the token still works', async () => {
    const session = await signedInSession();
    renderPage(session);
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent(WARNING);
    expect(within(warning).getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(session.fake.calls.forcedRefresh).toBe(1);
    // the page's own dialog is still the open one: the warning is no dialog of its own
    expect(screen.getAllByRole('dialog').map((dialog) => dialog.getAttribute('aria-labelledby'))).toEqual(['note-title']);
    expect(session.storedToken()).toBe('token-expiring');
    expect(session.fake.calls.signOut).toBe(0);
  });

  it('stays readable and reachable when a dialog opens after it', async () => {
    const user = userEvent.setup();
    const session = await signedInSession();
    renderPage(session, {}, true);
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Add Original FAQ' }));
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Typed before signing in');
    const dialog = await openSignInAgain(user);
    await user.type(within(dialog).getByLabelText(/Password/), `${PASSWORD}{Enter}`);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('Typed before signing in');
  });

  it('signs in again over the page: the open dialog keeps what was typed, the new token is stored', async () => {
    const user = userEvent.setup();
    const session = await signedInSession();
    renderPage(session);
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    await user.type(answer, 'Most teams break even in six months.');

    const dialog = await openSignInAgain(user);
    expect(within(dialog).getByRole('textbox', { name: 'Email Address' })).toHaveValue(ADMIN.email);
    expect(within(dialog).getByLabelText(/Password/)).toHaveFocus();
    await user.type(within(dialog).getByLabelText(/Password/), `${PASSWORD}{Enter}`);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(session.storedToken()).toBe('token-signed-in-again');
    expect(session.portalAuth.sessionState()).toMatchObject({ refreshFailed: false });
    expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('Most teams break even in six months.');
    expect(pageMounts).toBe(1);
    expect(session.portalAuth.currentUser()).toEqual(ADMIN);
  });

  it('words a wrong password like the sign-in page and keeps the session and the warning', async () => {
    const user = userEvent.setup();
    const session = await signedInSession();
    renderPage(session);
    const dialog = await openSignInAgain(user);
    await user.type(within(dialog).getByLabelText(/Password/), 'not-the-password{Enter}');
    expect(await within(dialog).findByText('Incorrect email or password.')).toBeInTheDocument();
    expect(session.storedToken()).toBe('token-expiring');
    expect(session.portalAuth.currentUser()).toEqual(ADMIN);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(WARNING);
  });

  it('refuses another account, even with its right password, and the admin stays signed in', async () => {
    const user = userEvent.setup();
    const session = await signedInSession();
    renderPage(session);
    const dialog = await openSignInAgain(user);
    const email = within(dialog).getByRole('textbox', { name: 'Email Address' });
    await user.clear(email);
    await user.type(email, LEAD.email);
    await user.type(within(dialog).getByLabelText(/Password/), `${PASSWORD}{Enter}`);
    expect(
      await within(dialog).findByText('Only the signed-in account can continue this session. To use another account, log out first.'),
    ).toBeInTheDocument();
    expect(session.portalAuth.currentUser()).toEqual(ADMIN);
    expect(session.fake.calls.signOut).toBe(0);
    expect(session.storedToken()).toBe('token-expiring');
  });

  it('speaks French', async () => {
    const user = userEvent.setup();
    const session = await signedInSession();
    renderPage(session, { i18nProvider: polyglotI18nProvider(() => fr, 'fr') });
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent(
      "Votre session n'a pas pu être renouvelée et se termine dans 7 minutes. Reconnectez-vous pour garder votre travail.",
    );
    await user.click(within(warning).getByRole('button', { name: 'Se reconnecter' }));
    const dialog = screen.getByRole('dialog', { name: 'Se reconnecter' });
    expect(
      within(dialog).getByText('Saisissez votre mot de passe pour continuer. La page et ce que vous avez saisi restent tels quels.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'not-the-password{Enter}');
    expect(await within(dialog).findByText('Adresse e-mail ou mot de passe incorrect.')).toBeInTheDocument();
  });
});
