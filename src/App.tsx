import { useMemo, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { Admin, CustomRoutes, Resource, type AuthProvider } from 'react-admin';
import { usePortalAuth } from '@/authProvider';
import { readRuntimeConfig } from './config';
import { PATHS } from '@/shared/paths';
import { createPortal } from './createPortal';
import { startFirstRead } from '@/dataProvider/firstRead';
import { createPortalQueryClient } from '@/dataProvider/queryClient';
import { PageSpinner } from '@/shared/PageSpinner';
import { AdminErrorPage } from '@/shared/ErrorFallback';
import type { PortalDataProvider } from '@/dataProvider/types';
import { i18nProvider } from '@/i18n/i18nProvider';
import { PortalLayout } from '@/layout/PortalLayout';
import { ExpiryWarning } from '@/customPages/auth/ExpiryWarning';
import { resourceViews } from '@/resources/generic';
import { adminRoutes } from './routes';
import { resources } from '@/resources/registry';
import type { ResourceDeclaration } from '@/resources/types';
import { createPortalStore } from './portalStore';
import { darkTheme, lightTheme } from './theme';

const store = createPortalStore();

// spec 2: / and any unknown path go to the dashboard.
const ToDashboard = () => <Navigate to={PATHS.dashboard} replace />;

// The session-expiry warning over every page (docs/security.md).
const ShellLayout = ({ children }: { children?: ReactNode }) => (
  <>
    <PortalLayout>{children}</PortalLayout>
    <ExpiryWarning />
  </>
);

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: PortalDataProvider;
  /** A test may declare its own. */
  resources?: readonly ResourceDeclaration[];
}

export const App = ({ authProvider, dataProvider, resources: declarations = resources }: AppProps) => {
  const queryClient = useMemo(createPortalQueryClient, []);
  return (
    <Admin
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      layout={ShellLayout}
      loginPage={false}
      loading={PageSpinner}
      error={AdminErrorPage}
      catchAll={ToDashboard}
      requireAuth
      disableTelemetry
    >
      {declarations.map((declaration) => (
        <Resource
          key={declaration.name}
          name={declaration.name}
          {...resourceViews(declaration)}
          options={declaration.label ? { label: declaration.label } : undefined}
        />
      ))}
      <CustomRoutes>
        <Route path="/" element={<ToDashboard />} />
        {adminRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
};

export const startPortalFirstRead = (pathname: string) =>
  startFirstRead({ apiBaseUrl: readRuntimeConfig().apiBaseUrl, pathname, resources });

/** The dataProvider and react-admin load with this chunk, not with the sign-in page. */
export const PortalApp = () => {
  const portalAuth = usePortalAuth();
  const { authProvider, dataProvider } = useMemo(() => createPortal(readRuntimeConfig(), portalAuth), [portalAuth]);
  return <App authProvider={authProvider} dataProvider={dataProvider} />;
};
