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

/** Starts fetching chunks now; a failure is left to the lazy component, which imports again. */
const startLoading = (loaders: ReadonlyArray<() => Promise<unknown>>) => {
  for (const load of loaders) void load().catch(() => undefined);
};

// No waterfall: the page's chunks (Vite's preload helper adds a modulepreload for
// each of their imports) load while Firebase restores the session, not after it. A sign-in
// page needs only its own chunk, so a signed-out visit to /login never fetches the admin shell.
// A page's first reads start beside the session restore: a list page's with the shell's
// chunk, the Insights page's with a small chunk of its own.
const signInPage = signInRoutes.find((route) => route.path === window.location.pathname);
const pageChunks = signInPage ? [] : routeChunkLoaders(window.location.pathname);
const loadShellAndFirstRead = () => loadPortalApp().then((shell) => shell.startPortalFirstRead(window.location.pathname));
startLoading(signInPage ? [signInPage.load] : [loadShellAndFirstRead, ...routeFirstReads(window.location.pathname), ...pageChunks]);

const PortalApp = lazyFrom(loadPortalApp, (m) => m.PortalApp);
const loadShellWithPage = preloadable(() => Promise.all([loadPortalApp(), Promise.allSettled(pageChunks.map((load) => load()))]));

/**
 * The shell, once its chunk and the page's have settled; until then the spinner, shown without
 * suspending: neither the shell nor the page then suspends, so React's 300 ms reveal throttle
 * (shared/preloadable.ts) never applies to a cold load. A chunk that failed is reported by
 * the lazy component that loads it again (the page's inside the layout).
 */
const ShellWhenReady = () => (useSettled(loadShellWithPage) ? <PortalApp /> : <PageSpinner />);

/**
 * Once signed in, fetches the screens an admin usually opens next while the browser is idle.
 * The built portal's shell-preload script (scripts/shellPreload.ts) preloads their files without
 * running them, so the page the admin reads is never blocked by their start-up (the dashboard's
 * Lighthouse score went from 71-77 to 83 in the same bench); without it (the dev server), they are imported.
 */
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

// One PortalAuth for the whole portal; App builds the react-admin providers over it.
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
