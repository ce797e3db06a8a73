import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createPortalAuthFromConfig, PortalAuthContext } from '@/authProvider';
import { ProtectedRoute } from '@/routing/ProtectedRoute';
import { PublicOnlyRoute } from '@/routing/PublicOnlyRoute';
import { readRuntimeConfig } from './config';
import { PageSpinner } from '@/shared/PageSpinner';
import { PRELOAD_NEXT_SCREENS_GLOBAL } from '@/shared/nextScreens';
import { lazyFrom, preloadable, useSettled } from '@/shared/preloadable';
import { storedLocale } from '@/i18n/locale';
import { RootErrorBoundary } from '@/shared/RootErrorBoundary';
import { ChosenTheme } from '@/shared/ChosenTheme';
import { likelyNextScreens, routeChunkLoaders, routeFirstReads, signInRoutes } from './routes';

// The entry stays small: the sign-in pages load without react-admin, which comes with App.
const loadPortalApp = preloadable(() => import('./App'));

/** A failure is left to the lazy component, which imports again. */
const startLoading = (loaders: ReadonlyArray<() => Promise<unknown>>) => {
  for (const load of loaders) void load().catch(() => undefined);
};

// The page's chunks load while Firebase restores the session, not after it; a signed-out visit to /login never
// fetches the admin shell. A page's first reads start beside the session restore too.
const signInPage = signInRoutes.find((route) => route.path === window.location.pathname);
const pageChunks = signInPage ? [] : routeChunkLoaders(window.location.pathname);
const loadShellAndFirstRead = () => loadPortalApp().then((shell) => shell.startPortalFirstRead(window.location.pathname));
startLoading(signInPage ? [signInPage.load] : [loadShellAndFirstRead, ...routeFirstReads(window.location.pathname), ...pageChunks]);

const PortalApp = lazyFrom(loadPortalApp, (m) => m.PortalApp);
const loadShellWithPage = preloadable(() => Promise.all([loadPortalApp(), Promise.allSettled(pageChunks.map((load) => load()))]));

/** Shown without suspending, so React's 300 ms reveal throttle (shared/preloadable.ts) never applies to a cold load. */
const ShellWhenReady = () => (useSettled(loadShellWithPage) ? <PortalApp /> : <PageSpinner />);

/** Preloaded without running (scripts/shellPreload.ts), so the page the admin reads is never blocked by their start-up. */
const PrefetchNextScreens = () => {
  useEffect(() => {
    const prefetch = () => {
      const preloadNextScreens = (window as unknown as Record<string, (() => void) | undefined>)[PRELOAD_NEXT_SCREENS_GLOBAL];
      if (preloadNextScreens) preloadNextScreens();
      else startLoading([loadPortalApp, ...likelyNextScreens]);
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2_000);
    return () => clearTimeout(timer);
  }, []);
  return null;
};

const portalAuth = createPortalAuthFromConfig(readRuntimeConfig());

// The sign-in pages speak the language chosen in the portal (react-admin's store remembers it).
document.documentElement.lang = storedLocale();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChosenTheme>
      <RootErrorBoundary>
        <PortalAuthContext value={portalAuth}>
          <BrowserRouter>
            <Suspense fallback={<PageSpinner />}>
              <Routes>
                {signInRoutes.map(({ path, Page }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <PublicOnlyRoute>
                        <Page />
                      </PublicOnlyRoute>
                    }
                  />
                ))}
                <Route
                  path="/*"
                  element={
                    <ProtectedRoute>
                      <ShellWhenReady />
                      <PrefetchNextScreens />
                    </ProtectedRoute>
                  }
                />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </PortalAuthContext>
      </RootErrorBoundary>
    </ChosenTheme>
  </StrictMode>,
);
