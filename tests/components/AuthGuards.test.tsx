import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useEffect } from 'react';
import { PortalAuthContext } from '../../src/authProvider/PortalAuthContext';
import { ProtectedRoute } from '@/routing/ProtectedRoute';
import { PublicOnlyRoute } from '@/routing/PublicOnlyRoute';
import { useDashboardTokenCheck } from '../../src/authProvider/useDashboardTokenCheck';
import type { AuthUser, PortalAuth, TokenInfo } from '../../src/authProvider/types';
import { DASHBOARD_TOKEN_CHECK_INTERVAL_MS, TOKEN_VALIDATION_INTERVAL_MS } from '../../src/config';

const admin: AuthUser = { uid: 'admin-uid', email: 'admin@salescoach.test' };
const rep: AuthUser = { uid: 'rep-uid', email: 'rep@salescoach.test' };
const token: TokenInfo = { token: 't', issuedAt: 0, expiresAt: Number.MAX_SAFE_INTEGER };

/** A PortalAuth whose user, readiness and token validity the test controls. */
const buildPortalAuth = ({ user = null as AuthUser | null, tokenValid = true, resolved = true } = {}) => {
  let current = user;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let resolveReady: (user: AuthUser | null) => void = () => undefined;
  const readyPromise = resolved ? Promise.resolve(current) : new Promise<AuthUser | null>((resolve) => (resolveReady = resolve));
  const setUser = (next: AuthUser | null) => {
    current = next;
    listeners.forEach((listener) => {
      listener(next);
    });
  };
  const state = { tokenValid };
  const portalAuth = {
    ready: vi.fn(() => readyPromise.then(() => current)),
    currentUser: () => current,
    onChange: (listener: (user: AuthUser | null) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    isWhitelisted: (uid: string) => uid === admin.uid,
    signIn: vi.fn(),
    signUp: vi.fn(),
    sendPasswordReset: vi.fn(),
    signOut: vi.fn(async () => setUser(null)),
    getValidToken: vi.fn(async () => (state.tokenValid ? token : null)),
    refreshToken: vi.fn(async () => token),
    sessionState: () => ({ expiresAt: token.expiresAt, refreshFailed: false }),
    onSessionState: () => () => undefined,
    signInAgain: vi.fn(),
  } satisfies PortalAuth;
  return { portalAuth, state, setUser, resolve: () => resolveReady(current) };
};

const LoginPage = () => {
  const { state } = useLocation();
  return <p>Login page {state ? JSON.stringify(state) : ''}</p>;
};

const Dashboard = () => {
  useDashboardTokenCheck();
  return <p>Dashboard page</p>;
};

/** Records every path the router shows, into `visited`. */
const LocationSpy = ({ visited }: { visited: string[] }) => {
  const { pathname } = useLocation();
  useEffect(() => {
    visited.push(pathname);
  }, [pathname, visited]);
  return null;
};

const renderApp = (portalAuth: PortalAuth, path: string) => {
  const visited: string[] = [];
  render(
    <PortalAuthContext value={portalAuth}>
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy visited={visited} />
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnlyRoute>
                <LoginPage />
              </PublicOnlyRoute>
            }
          />
          <Route element={<ProtectedRoute />}>
            <Route path="/dashboard" element={<Dashboard />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </PortalAuthContext>,
  );
  return visited;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ProtectedRoute', () => {
  it('shows a full-page spinner while authentication is resolving', async () => {
    const { portalAuth, resolve } = buildPortalAuth({ user: null, resolved: false });
    renderApp(portalAuth, '/dashboard');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await act(async () => resolve());
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
  });

  it('sends a logged-out visitor of /dashboard to /login with exactly one redirect', async () => {
    const { portalAuth } = buildPortalAuth({ user: null });
    const visited = renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
    expect(visited).toEqual(['/dashboard', '/login']);
  });

  it('shows the page to a whitelisted admin with a valid token', async () => {
    const { portalAuth } = buildPortalAuth({ user: admin });
    renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(portalAuth.signOut).not.toHaveBeenCalled();
  });

  it('signs out a non-whitelisted user and sends them to /login with the access-denied alert', async () => {
    const { portalAuth } = buildPortalAuth({ user: rep });
    const visited = renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText(/Login page/)).toHaveTextContent('"alert":"app.auth.noPermission","error":"app.auth.accessDenied"');
    expect(portalAuth.signOut).toHaveBeenCalledTimes(1);
    expect(visited).toEqual(['/dashboard', '/login']);
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
  });

  it('signs out when the token cannot be validated or refreshed', async () => {
    const { portalAuth } = buildPortalAuth({ user: admin, tokenValid: false });
    renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
    expect(portalAuth.signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
  });

  it('revalidates the token every 60 s and signs out when that fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { portalAuth, state } = buildPortalAuth({ user: admin });
    renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(portalAuth.getValidToken).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(TOKEN_VALIDATION_INTERVAL_MS));
    expect(portalAuth.getValidToken).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();

    state.tokenValid = false;
    await act(async () => vi.advanceTimersByTime(TOKEN_VALIDATION_INTERVAL_MS));
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
    expect(portalAuth.signOut).toHaveBeenCalledTimes(1);
  });

  it('goes to /login when the user signs out elsewhere', async () => {
    const { portalAuth, setUser } = buildPortalAuth({ user: admin });
    renderApp(portalAuth, '/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    act(() => setUser(null));
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
  });
});

describe('PublicOnlyRoute', () => {
  it('sends a signed-in whitelisted admin from /login to /dashboard', async () => {
    const { portalAuth } = buildPortalAuth({ user: admin });
    const visited = renderApp(portalAuth, '/login');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(visited).toEqual(['/login', '/dashboard']);
  });

  it('keeps a non-whitelisted signed-in account on /login (no redirect loop)', async () => {
    const { portalAuth } = buildPortalAuth({ user: rep });
    const visited = renderApp(portalAuth, '/login');
    expect(await screen.findByText(/Login page/)).toBeInTheDocument();
    expect(visited).toEqual(['/login']);
  });

  it('shows a spinner while authentication is resolving', () => {
    const { portalAuth } = buildPortalAuth({ resolved: false });
    renderApp(portalAuth, '/login');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});

describe('useDashboardTokenCheck', () => {
  it('checks (and refreshes if expired) the stored token every 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { portalAuth } = buildPortalAuth({ user: admin });
    render(
      <PortalAuthContext value={portalAuth}>
        <Dashboard />
      </PortalAuthContext>,
    );
    await act(async () => vi.advanceTimersByTime(DASHBOARD_TOKEN_CHECK_INTERVAL_MS - 1));
    expect(portalAuth.getValidToken).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(portalAuth.getValidToken).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(DASHBOARD_TOKEN_CHECK_INTERVAL_MS));
    expect(portalAuth.getValidToken).toHaveBeenCalledTimes(2);
  });
});
