import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortalAuth, firebaseAuthProvider, PortalAuthContext } from '@/authProvider';
import { ProtectedRoute } from '@/routing/ProtectedRoute';
import { PublicOnlyRoute } from '@/routing/PublicOnlyRoute';
import { noteSessionEnded, readLoginNotice, returnPath, sessionEndHooks } from '@/authProvider/sessionEnd';
import { LoginPage } from '@/customPages/auth/LoginPage';
import { createHttpClient } from '@/dataProvider/httpClient';
import { buildAccount, buildFakeAuth, type FakePortalAuth } from '../support/fakePortalAuth';
import { createFakeFirebase, HOUR } from '../unit/authFakes';

const admin = buildAccount({ email: 'admin@salescoach.test' });
const EXPIRED = 'Your session has expired. Please log in again.';
const REFRESH_FAILED = 'Failed to refresh token';

const Where = () => {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{`${pathname}${search}`}</div>;
};

/** main.tsx's routing: the sign-in page behind PublicOnlyRoute, the portal's pages behind ProtectedRoute. */
const renderPortal = (auth: FakePortalAuth, path: string) =>
  render(
    <PortalAuthContext value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<PublicOnlyRoute />}>
            <Route path="/login" element={<LoginPage />} />
          </Route>
          <Route element={<ProtectedRoute />}>
            <Route path="*" element={<p>Portal page</p>} />
          </Route>
        </Routes>
        <Where />
      </MemoryRouter>
    </PortalAuthContext>,
  );

const signIn = async () => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email Address/), admin.email);
  await user.type(screen.getByLabelText(/Password/), `${admin.password}{Enter}`);
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/sessions/session-42?tab=speech-rate');
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('a session that ends by itself', { timeout: 20_000 }, () => {
  it('a 401 again after a refresh: signs out, /login says the session expired, sign-in returns to the page', async () => {
    const auth = buildFakeAuth({ users: [admin], signedInAs: admin.email });
    const goToLogin = vi.fn();
    const client = createHttpClient({
      baseUrl: 'http://127.0.0.1:9',
      getToken: async () => 'old-token',
      ...sessionEndHooks(auth, goToLogin),
      fetch: async () => json(401, { error: 'NOT_AUTHENTICATED', message: 'Token revoked' }),
    });
    await expect(client.request('/admin/sessions')).rejects.toMatchObject({ status: 401, body: { error: 'AUTHENTICATION_FAILED' } });
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(readLoginNotice()).toEqual({ error: 'app.auth.sessionExpired', from: '/sessions/session-42?tab=speech-rate', uid: admin.uid });

    // the reload lands on /login with no router state
    renderPortal(auth, '/login');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.queryByText(REFRESH_FAILED)).not.toBeInTheDocument();
    await signIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sessions/session-42?tab=speech-rate'));
    expect(await screen.findByText('Portal page')).toBeInTheDocument();
    expect(readLoginNotice()).toEqual({});
  });

  it("a refresh that fails in the http client: 'Failed to refresh token' beside the expiry message", async () => {
    const auth = buildFakeAuth({ users: [admin], signedInAs: admin.email });
    auth.refreshToken.mockRejectedValue(new Error('app.auth.refreshFailed'));
    const client = createHttpClient({
      baseUrl: 'http://127.0.0.1:9',
      getToken: async () => 'old-token',
      ...sessionEndHooks(auth, () => undefined),
      fetch: async () => json(401, { error: 'NOT_AUTHENTICATED', message: 'Token expired' }),
    });
    await expect(client.request('/admin/users')).rejects.toMatchObject({ status: 401 });
    renderPortal(auth, '/login');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByText(REFRESH_FAILED)).toBeInTheDocument();
  });

  it('a token the periodic check cannot refresh: signed out to /login with both messages, then back to the page', async () => {
    const auth = buildFakeAuth({ users: [admin], signedInAs: admin.email });
    auth.getValidToken.mockResolvedValueOnce(null);
    renderPortal(auth, '/sessions/session-42?tab=speech-rate');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByText(REFRESH_FAILED)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
    expect(auth.signOut).toHaveBeenCalled();
    await signIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sessions/session-42?tab=speech-rate'));
  });

  it("another admin signing in after a session expired starts at the dashboard, not at the first admin's page", async () => {
    const other = buildAccount({ email: 'lead@salescoach.test' });
    const auth = buildFakeAuth({ users: [admin, other], signedInAs: admin.email });
    auth.getValidToken.mockResolvedValueOnce(null);
    renderPortal(auth, '/sessions/session-42?tab=speech-rate');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(readLoginNotice()).toMatchObject({ from: '/sessions/session-42?tab=speech-rate', uid: admin.uid });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email Address/), other.email);
    await user.type(screen.getByLabelText(/Password/), `${other.password}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  });

  describe('when the refresh fails as the page loads (the provider comes up without the session)', () => {
    const lead = { uid: 'uid-lead', email: 'lead@salescoach.test' };
    const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
    /** The real PortalAuth after a reload: the admin's token expired in storage, and the provider's refresh of it failed. */
    const loadWithDeadSession = () => {
      const { port } = createFakeFirebase({ [admin.email]: { uid: admin.uid, email: admin.email }, [lead.email]: lead });
      const stale = Date.now() - 60_000;
      localStorage.setItem(
        'auth_token',
        JSON.stringify({ token: jwt({ user_id: admin.uid, email: admin.email }), issuedAt: stale - HOUR, expiresAt: stale }),
      );
      const auth = createPortalAuth({
        auth: port,
        allowedUids: [admin.uid, lead.uid],
        storage: localStorage,
        onSessionLost: (user) => noteSessionEnded('expired', user.uid),
      });
      renderPortal(auth as FakePortalAuth, '/sessions/session-42?tab=speech-rate');
    };
    afterEach(() => localStorage.clear());

    it("shows the sign-in form with spec 8's session-expired message, and takes that admin back to the page", async () => {
      loadWithDeadSession();
      expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
      expect(localStorage.getItem('auth_token')).toBeNull();
      await signIn();
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sessions/session-42?tab=speech-rate'));
    });

    it('sends another admin signing in there to the dashboard', async () => {
      loadWithDeadSession();
      expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/Email Address/), lead.email);
      await user.type(screen.getByLabelText(/Password/), `any-password{Enter}`);
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
    });
  });

  it('a protected link opened while signed out leads back to it after sign-in, without a message', async () => {
    const auth = buildFakeAuth({ users: [admin] });
    renderPortal(auth, '/users?page=2');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await signIn();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/users?page=2'));
  });

  it('goes to the dashboard when there is no page to return to, or it is not one of the portal’s own', () => {
    for (const from of [undefined, '', 'https://elsewhere.test/x', '//elsewhere.test', '/\\elsewhere.test', '/login', '/signup?x=1', '/']) {
      expect(returnPath(from, '/dashboard'), String(from)).toBe('/dashboard');
    }
    expect(returnPath('/settings#speech', '/dashboard')).toBe('/settings#speech');
  });
});

describe("react-admin's checkError", () => {
  const authProvider = firebaseAuthProvider(buildFakeAuth());
  it('signs out on a 401 the http client could not recover (AUTHENTICATION_FAILED)', async () => {
    const error = new HttpError('app.auth.sessionExpired', 401, { error: 'AUTHENTICATION_FAILED', message: 'app.auth.sessionExpired' });
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/login' });
  });
  it('leaves a 401 NOT_AUTHENTICATED and a 403 NOT_ADMIN to the screen, which words them (spec 8)', async () => {
    await expect(authProvider.checkError(new HttpError('x', 401, { error: 'NOT_AUTHENTICATED', message: 'x' }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('x', 403, { error: 'NOT_ADMIN', message: 'x' }))).resolves.toBeUndefined();
  });
});
