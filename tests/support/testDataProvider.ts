import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import type { ApiDeclaration } from '../../src/dataProvider/resourceApi';

/** The portal's real dataProvider over `fetchFn` at http://api.test, signed in with a fixed token. */
export const testDataProvider = (
  fetchFn: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  registry: ApiDeclaration[],
) =>
  createDataProvider(
    createHttpClient({
      baseUrl: 'http://api.test',
      getToken: async () => 't',
      refreshToken: async () => 't2',
      onAuthFailure: () => undefined,
      fetch: fetchFn as typeof fetch,
    }),
    registry,
  );
