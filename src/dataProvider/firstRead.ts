import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { createTokenStore } from '../authProvider/tokenRules';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';
import type { ApiDeclaration } from './resourceApi';

/**
 * Issue 15, no waterfall: a signed-in admin who opens a list page (/sessions, /users) waits
 * for Firebase to restore the session and for the shell to render before the list is even
 * asked for. When a valid token is already stored (spec 3, `auth_token`), the list's first
 * page is asked for at once, beside the restore, and the list's own first read takes that
 * answer instead of asking again.
 *
 * - Only a read the page will make: the resource declares it (`firstRead`), built by the
 *   same functions the page uses, and it is taken only for the same resource and parameters.
 * - Only with the same token: the page's read goes on as usual when the session turned out
 *   to be another (a new sign-in), the stored token was refused, or the answer came too late.
 * - One answer, taken once, within MAX_AGE_MS.
 */
const MAX_AGE_MS = 10_000;

interface Pending {
  key: string;
  token: string;
  at: number;
  result: Promise<GetListResult>;
}

let pending: Pending | null = null;

/** react-admin's useGetList fills in these defaults before the dataProvider sees the parameters. */
const keyOf = (resource: string, params: Partial<GetListParams>) =>
  JSON.stringify([
    resource,
    params.pagination ?? { page: 1, perPage: 25 },
    params.sort ?? { field: 'id', order: 'DESC' },
    params.filter ?? {},
  ]);

interface StartOptions {
  apiBaseUrl: string;
  pathname: string;
  /** The declared resources (resources/registry.ts); a list page's own is the one named like its path. */
  resources: readonly (ApiDeclaration & { firstRead?: () => GetListParams })[];
  storage?: Storage;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Starts the first read of the list page at `pathname`, if it declares one and a valid token is stored. */
export const startFirstRead = ({ apiBaseUrl, pathname, resources, storage = localStorage, now = Date.now, fetch }: StartOptions) => {
  const declaration = resources.find((resource) => `/${resource.name}` === pathname && resource.firstRead);
  const stored = declaration ? createTokenStore(storage).read(now()) : null;
  if (!declaration?.firstRead || !stored) return;
  const params = declaration.firstRead();
  // No refresh and no sign-out from here: a refused token just leaves the page to ask itself.
  const httpClient = createHttpClient({
    baseUrl: apiBaseUrl,
    getToken: async () => stored.token,
    refreshToken: async () => null,
    onAuthFailure: () => undefined,
    fetch,
  });
  const result = createDataProvider(httpClient, resources).getList(declaration.name, params);
  result.catch(() => undefined);
  pending = { key: keyOf(declaration.name, params), token: stored.token, at: now(), result };
};

/** The early answer for this read, made with `token`, once; null when there is none to take. */
const takeFirstRead = (resource: string, params: GetListParams, token: string | null, now: number): Promise<GetListResult> | null => {
  const early = pending;
  if (early && now - early.at > MAX_AGE_MS) pending = null;
  if (!early || pending === null || early.key !== keyOf(resource, params)) return null;
  pending = null;
  return early.token === token ? early.result : null;
};

/** The dataProvider whose getList takes an early answer when there is one, and asks as usual otherwise. */
export const withFirstRead = <D extends DataProvider>(dataProvider: D, getToken: () => Promise<string | null>, now = Date.now): D => ({
  ...dataProvider,
  getList: async (resource: string, params: GetListParams) => {
    if (pending) {
      const early = takeFirstRead(resource, params, await getToken().catch(() => null), now());
      const answer = early && (await early.catch(() => null));
      if (answer) return answer;
    }
    return dataProvider.getList(resource, params);
  },
});
