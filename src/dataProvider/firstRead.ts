import type { DataProvider, GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import type { InsightsQueryInput } from '@/contract/insights';
import { createTokenStore } from '@/authProvider/tokenRules';
import { createDataProvider } from './dataProvider';
import { createHttpClient, type HttpClient } from './httpClient';
import { type InsightData, type InsightSection, insightsReadKey } from './insightsApi';
import type { ApiDeclaration } from './resourceApi';
import type { PortalDataProvider } from './types';

/**
 * With a valid token stored (spec 3, `auth_token`), a page's first reads go out beside the
 * session restore instead of after the shell renders, and the page's own reads take those
 * answers: only reads the page will make (built by the page's own functions, matched by key),
 * only with the same token, each once and within MAX_AGE_MS.
 */
const MAX_AGE_MS = 10_000;

/** A page's first read: its list page, or the one record it shows. */
export type FirstRead = { method: 'getList'; params: GetListParams } | { method: 'getOne'; params: { id: string } };

interface Pending {
  token: string;
  at: number;
  result: Promise<unknown>;
}

const pending = new Map<string, Pending>();

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

interface EarlyOptions {
  apiBaseUrl: string;
  storage?: Storage;
  now?: () => number;
  fetch?: typeof fetch;
}

/** What an earlier start left is dropped. */
export const startEarlyReads = (
  { apiBaseUrl, storage = localStorage, now = Date.now, fetch }: EarlyOptions,
  start: (httpClient: HttpClient) => ReadonlyArray<readonly [key: string, result: Promise<unknown>]>,
) => {
  pending.clear();
  const stored = createTokenStore(storage).read(now());
  if (!stored) return;
  // No refresh and no sign-out from here: a refused token just leaves the page to ask itself.
  const httpClient = createHttpClient({
    baseUrl: apiBaseUrl,
    getToken: async () => stored.token,
    refreshToken: async () => null,
    onAuthFailure: () => undefined,
    fetch,
  });
  const at = now();
  for (const [key, result] of start(httpClient)) {
    result.catch(() => undefined);
    pending.set(key, { token: stored.token, at, result });
  }
};

interface StartOptions extends EarlyOptions {
  pathname: string;
  /** The declaration named like the path's first part says what its page reads first. */
  resources: readonly (ApiDeclaration & { firstRead?: (rest: string) => FirstRead | null })[];
}

export const startFirstRead = ({ pathname, resources, ...options }: StartOptions) => {
  const [, name, ...rest] = pathname.split('/');
  const declaration = resources.find((resource) => resource.name === name && resource.firstRead);
  const read = declaration?.firstRead?.(rest.join('/')) ?? null;
  if (!declaration || !read) return;
  startEarlyReads(options, (httpClient) => {
    const dataProvider = createDataProvider(httpClient, resources);
    const result =
      read.method === 'getOne' ? dataProvider.getOne(declaration.name, read.params) : dataProvider.getList(declaration.name, read.params);
    return [[keyOf(declaration.name, read), result]];
  });
};

const takeEarlyRead = (key: string, token: string | null, now: number): Promise<unknown> | null => {
  const early = pending.get(key);
  if (!early) return null;
  pending.delete(key);
  return early.token === token && now - early.at <= MAX_AGE_MS ? early.result : null;
};

export const withFirstRead = <D extends DataProvider>(dataProvider: D, getToken: () => Promise<string | null>, now = Date.now): D => {
  const early = async (key: () => string) => {
    if (pending.size === 0) return null;
    const answer = takeEarlyRead(key(), await getToken().catch(() => null), now());
    return answer ? answer.catch(() => null) : null;
  };
  const insights = (dataProvider as Partial<Pick<PortalDataProvider, 'getInsights'>>).getInsights;
  return {
    ...dataProvider,
    getList: async (resource: string, params: GetListParams) =>
      ((await early(() => keyOf(resource, { method: 'getList', params }))) as GetListResult | null) ??
      dataProvider.getList(resource, params),
    getOne: async (resource: string, params: GetOneParams) =>
      ((await early(() => keyOf(resource, { method: 'getOne', params }))) as GetOneResult | null) ?? dataProvider.getOne(resource, params),
    ...(insights && {
      getInsights: async <S extends InsightSection>(section: S, query: InsightsQueryInput = {}): Promise<InsightData<S>> =>
        ((await early(() => insightsReadKey(section, query))) as InsightData<S> | null) ?? insights(section, query),
    }),
  };
};
