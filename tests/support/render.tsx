import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type I18nProvider, type Store } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { PortalAuthContext } from '@/authProvider';
import type { PortalAuth } from '@/authProvider/types';
import type { PortalDataProvider } from '@/dataProvider/types';
import { i18nProvider as portalI18nProvider } from '@/i18n/i18nProvider';
import { theme } from '@/theme';
import { buildFakeAuth } from './fakePortalAuth';
import { buildMatchingSettings } from './matchingFakes';

/** Shows where the router is, so tests can assert navigation the way a user sees the URL. */
export const LocationDisplay = () => {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
};

interface PublicRenderOptions {
  auth?: PortalAuth;
  path?: string;
  state?: unknown;
}

/** Renders a page outside <Admin> (sign-in, sign-up) at `path`, like main.tsx does. */
export const renderPublicPage = (page: ReactElement, { auth = buildFakeAuth(), path = '/login', state }: PublicRenderOptions = {}) =>
  render(
    <ThemeProvider theme={theme}>
      <PortalAuthContext value={auth}>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <LocationDisplay />
        </MemoryRouter>
      </PortalAuthContext>
    </ThemeProvider>,
  );

export const buildDataProvider = (overrides: Partial<PortalDataProvider> = {}): PortalDataProvider =>
  ({
    ...testDataProvider(),
    getSpeechRate: vi.fn(async () => ({ enabled: true, time_window: 30, max_words: 150 })),
    updateSpeechRate: vi.fn(async (settings) => settings),
    getConfigVersion: vi.fn(async () => ({ version: 7, updatedAt: '2026-05-01T12:00:00.000Z' })),
    getMatching: vi.fn(async () => buildMatchingSettings()),
    updateMatching: vi.fn(async ({ threshold }) =>
      buildMatchingSettings(threshold === null ? { version: 2 } : { threshold, source: 'admin', version: 2 }),
    ),
    calibrateMatching: vi.fn(async () => buildMatchingSettings({ version: 2 })),
    ...overrides,
  }) as PortalDataProvider;

export const buildAuthProvider = (): AuthProvider => ({
  login: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
  checkAuth: vi.fn(async () => undefined),
  checkError: vi.fn(async () => undefined),
  getPermissions: vi.fn(async () => undefined),
});

interface AdminRenderOptions {
  auth?: PortalAuth;
  authProvider?: AuthProvider;
  dataProvider?: PortalDataProvider;
  /** Default the portal's own (English); the untranslated-strings test passes a pseudo-locale. */
  i18nProvider?: I18nProvider;
  path?: string;
  /** Default one that never retries; pass the portal's (createPortalQueryClient) to test its retries. */
  queryClient?: QueryClient;
  /** Default a fresh memory store; pass one to keep what a screen stored across renders. */
  store?: Store;
  /** 'browser' keeps the window's address at `path`, as the portal's router does; default an address of its own. */
  router?: 'memory' | 'browser';
}

/** Renders a signed-in screen inside react-admin's contexts, with fakes for both providers. */
export const renderInAdmin = (
  ui: ReactElement,
  {
    auth = buildFakeAuth(),
    authProvider = buildAuthProvider(),
    dataProvider = buildDataProvider(),
    i18nProvider = portalI18nProvider,
    path = '/dashboard',
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    store = memoryStore(),
    router = 'memory',
  }: AdminRenderOptions = {},
) => {
  const admin = (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      {ui}
      <LocationDisplay />
    </AdminContext>
  );
  if (router === 'browser') window.history.replaceState(null, '', path);
  return render(
    <PortalAuthContext value={auth}>
      {router === 'browser' ? <BrowserRouter>{admin}</BrowserRouter> : <MemoryRouter initialEntries={[path]}>{admin}</MemoryRouter>}
    </PortalAuthContext>,
  );
};
