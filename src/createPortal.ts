import type { AuthProvider } from 'react-admin';
import type { RuntimeConfig } from './config';
import { firebaseAuthProvider } from '@/authProvider/authProvider';
import { createPortalAuthFromConfig } from '@/authProvider/createPortalAuthFromConfig';
import { sessionEndHooks } from '@/authProvider/sessionEnd';
import type { PortalAuth } from '@/authProvider/types';
import { resources } from '@/resources/registry';
import { createDataProvider } from '@/dataProvider/dataProvider';
import { withFirstRead } from '@/dataProvider/firstRead';
import { createHttpClient, type HttpClient } from '@/dataProvider/httpClient';
import type { PortalDataProvider } from '@/dataProvider/types';

export interface Portal {
  portalAuth: PortalAuth;
  authProvider: AuthProvider;
  dataProvider: PortalDataProvider;
  httpClient: HttpClient;
}

/** Pass the PortalAuth the sign-in page already uses, so there is one instance. */
export const createPortal = (config: RuntimeConfig, portalAuth: PortalAuth = createPortalAuthFromConfig(config)): Portal => {
  const getToken = async () => (await portalAuth.getValidToken())?.token ?? null;
  const httpClient = createHttpClient({
    baseUrl: config.apiBaseUrl,
    getToken,
    ...sessionEndHooks(portalAuth, () => window.location.assign('/login')),
  });
  return {
    portalAuth,
    authProvider: firebaseAuthProvider(portalAuth),
    dataProvider: withFirstRead(createDataProvider(httpClient, resources), getToken),
    httpClient,
  };
};
