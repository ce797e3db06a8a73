import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createPortalAuthFromConfig, PortalAuthContext, ProtectedRoute, PublicOnlyRoute } from './authProvider';
import { readRuntimeConfig } from './config';
import { PageSpinner } from './shared/PageSpinner';
import { storedLocale } from './i18n/locale';
import { RootErrorBoundary } from './shared/RootErrorBoundary';
import { signInRoutes } from './routes';
import { theme } from './theme';

// The entry stays small: the sign-in pages load without react-admin, which comes with App (issue 2, item 9).
const PortalApp = lazy(() => import('./App').then((m) => ({ default: m.PortalApp })));

// One PortalAuth for the whole portal; App builds the react-admin providers over it.
const portalAuth = createPortalAuthFromConfig(readRuntimeConfig());

// The sign-in pages speak the language chosen in the portal (react-admin's store remembers it).
document.documentElement.lang = storedLocale();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
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
                      <PortalApp />
                    </ProtectedRoute>
                  }
                />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </PortalAuthContext>
      </RootErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
);
