import type { DataProvider, GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import { createTokenStore } from '@/authProvider/tokenRules';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';
import type { ApiDeclaration } from './resourceApi';

/**
 * No waterfall: a signed-in admin who opens a page (/sessions, /users, a session's
 * detail) waits for Firebase to restore the session and for the shell to render before its
 * data is even asked for. When a valid token is already stored (spec 3, `auth_token`), the
 * page's first read is sent at once, beside the restore, and the page's own first read takes
 * that answer instead of asking again.
 *
 * - Only a read the page will make: the resource declares it (`firstRead`), built by the
 *   same functions the page uses, and it is taken only for the same resource and parameters.
 * - Only with the same token: the page's read goes on as usual when the session turned out
 *   to be another (a new sign-in), the stored token was refused, or the answer came too late.
 * - One answer, taken once, within MAX_AGE_MS.
 */
const MAX_AGE_MS = 10_000;

/** A page's first read: its list page, or the one record it shows. */
export type FirstRead = { method: 'getList'; params: GetListParams } | { method: 'getOne'; params: { id: string } };

interface Pending {
  key: string;
  token: string;
  at: number;
  result: Promise<unknown>;
}

let pending: Pending | null = null;

/** react-admin's useGetList fills in these defaults before the dataProvider sees the parameters; useGetOne adds only `meta`. */
const keyOf = (
  resource: string,
  read: { method: 'getList'; params: Partial<GetListParams> } | { method: 'getOne'; params: { id: unknown } },
) =>
  JSON.stringify(
    read.method === 'getOne'
      ? [resource, 'getOne', String(read.params.id)]
      : [
          resource,
          'getList',
          read.params.pagination ?? { page: 1, perPage: 25 },
          read.params.sort ?? { field: 'id', order: 'DESC' },
          read.params.filter ?? {},
        ],
  );

interface StartOptions {
  apiBaseUrl: string;
  pathname: string;
  /**
   * The declared resources (resources/registry.ts): the one named like the path's first part
   * says what its page reads first, given the rest of the path ('' for the list).
   */
  resources: readonly (ApiDeclaration & { firstRead?: (rest: string) => FirstRead | null })[];
  storage?: Storage;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Starts the first read of the page at `pathname`, if its resource declares one and a valid token is stored. */
export const startFirstRead = ({ apiBaseUrl, pathname, resources, storage = localStorage, now = Date.now, fetch }: StartOptions) => {
  const [, name, ...rest] = pathname.split('/');
  const declaration = resources.find((resource) => resource.name === name && resource.firstRead);
  const read = declaration?.firstRead?.(rest.join('/')) ?? null;
  const stored = read ? createTokenStore(storage).read(now()) : null;
  if (!declaration || !read || !stored) return;
  // No refresh and no sign-out from here: a refused token just leaves the page to ask itself.
  const httpClient = createHttpClient({
    baseUrl: apiBaseUrl,
    getToken: async () => stored.token,
    refreshToken: async () => null,
    onAuthFailure: () => undefined,
    fetch,
  });
  const dataProvider = createDataProvider(httpClient, resources);
  const result: Promise<unknown> =
    read.method === 'getOne' ? dataProvider.getOne(declaration.name, read.params) : dataProvider.getList(declaration.name, read.params);
  result.catch(() => undefined);
  pending = { key: keyOf(declaration.name, read), token: stored.token, at: now(), result };
};

/** The early answer for this read, made with `token`, once; null when there is none to take. */
const takeFirstRead = (key: string, token: string | null, now: number): Promise<unknown> | null => {
  const early = pending;
  if (early && now - early.at > MAX_AGE_MS) pending = null;
  if (!early || pending === null || early.key !== key) return null;
  pending = null;
  return early.token === token ? early.result : null;
};

/** The dataProvider whose getList and getOne take an early answer when there is one, and ask as usual otherwise. */
export const withFirstRead = <D extends DataProvider>(dataProvider: D, getToken: () => Promise<string | null>, now = Date.now): D => {
  const early = async (key: () => string) => {
    if (!pending) return null;
    const answer = takeFirstRead(key(), await getToken().catch(() => null), now());
    return answer ? answer.catch(() => null) : null;
  };
  return {
    ...dataProvider,
    getList: async (resource: string, params: GetListParams) =>
      ((await early(() => keyOf(resource, { method: 'getList', params }))) as GetListResult | null) ??
      dataProvider.getList(resource, params),
    getOne: async (resource: string, params: GetOneParams) =>
      ((await early(() => keyOf(resource, { method: 'getOne', params }))) as GetOneResult | null) ?? dataProvider.getOne(resource, params),
  };
};
