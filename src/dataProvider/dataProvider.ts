import { combineDataProviders, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { SpeechRateSettings } from '@/contract';
import type { BulkOutcome } from '@/contract/bulk';
import type { CallSettingsData } from '@/contract/callEnd';
import type { TargetBandsData } from '@/contract/targetBands';
import type { DictionaryMatchBody, PhraseTestResult } from '@/contract/dictionaryMatch';
import type { MatchingPutBody, MatchingSettings } from '@/contract/matching';
import type { SpeechRatePreview } from '@/contract/speechRatePreview';
import type { SessionErasure } from '@/contract/sessionErasure';
import type { VariationSuggestions } from '@/contract/variationSuggestions';
import { findResource, type ApiDeclaration } from './resourceApi';
import type { HttpClient } from './httpClient';
import { itemOf, toRecord } from './envelope';
import { createInsightsApi } from './insightsApi';
import { createSpecDialect } from './specDialect';
import type { ConfigVersionInfo, PortalDataProvider } from './types';

export interface DataProviderOptions {
  /** Root for 'simple-rest' resources; default the http client's `${baseUrl}/api`. */
  simpleRestUrl?: string;
}

const CRUD_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

/**
 * The portal's one dataProvider: the only code that knows `/api` paths, envelopes, `_id` and
 * paging, read from each resource's `api` declaration (resourceApi.ts; the endpoints: docs/api.md).
 */
export const createDataProvider = (
  http: HttpClient,
  registry: readonly ApiDeclaration[],
  { simpleRestUrl = http.apiUrl }: DataProviderOptions = {},
): PortalDataProvider => {
  const lookup = (resource: string): ApiDeclaration => {
    const declaration = findResource(registry, resource);
    if (!declaration) throw new Error(`Unknown resource: ${resource}`);
    return declaration;
  };
  const spec = createSpecDialect(http, lookup);
  const simpleRestAtRoot = simpleRestProvider(simpleRestUrl, http.fetchJson);
  // ra-data-simple-rest puts the resource name after its root: hand it the declared path instead.
  const simpleRest = Object.fromEntries(
    CRUD_METHODS.map((name) => [
      name,
      (resource: string, params: unknown) =>
        (simpleRestAtRoot[name] as (resource: string, params: unknown) => Promise<unknown>)(
          lookup(resource).api.path.replace(/^\//, ''),
          params,
        ),
    ]),
  ) as unknown as DataProvider;
  const combined = combineDataProviders((resource) => (lookup(resource).api.dialect === 'simple-rest' ? simpleRest : spec));
  // combineDataProviders returns a Proxy that routes by resource: copy the CRUD methods
  // onto a plain object so the resource-less custom methods can sit beside them.
  const crud = Object.fromEntries(
    CRUD_METHODS.map((name) => {
      const method = async (resource: string, params: unknown) =>
        (combined[name] as (resource: string, params: unknown) => Promise<unknown>)(resource, params);
      return [name, method];
    }),
  ) as unknown as DataProvider;
  const userPath = (id: Identifier, action: string) => `${lookup('users').api.path}/${encodeURIComponent(String(id))}/${action}`;
  const userAction = async (id: Identifier, action: string) => {
    const body = await http.request(userPath(id, action), { method: 'POST' });
    const user = itemOf(lookup('users'), body);
    return user && typeof user === 'object' ? toRecord(lookup('users'), user) : { id };
  };

  return {
    ...crud,
    getSpeechRate: async () => (await http.request<{ data: SpeechRateSettings }>('/speech-rate')).data,
    updateSpeechRate: async (settings) =>
      (await http.request<{ data?: SpeechRateSettings }>('/speech-rate', { method: 'PUT', body: settings })).data ?? settings,
    getCallSettings: async () => (await http.request<{ data: CallSettingsData }>('/admin/call-settings')).data,
    updateCallSettings: async (settings) =>
      (await http.request<{ data: CallSettingsData }>('/admin/call-settings', { method: 'PUT', body: settings })).data,
    getTargetBands: async () => (await http.request<{ data: TargetBandsData }>('/admin/target-bands')).data,
    updateTargetBands: async (body) => (await http.request<{ data: TargetBandsData }>('/admin/target-bands', { method: 'PUT', body })).data,
    markSessionFailed: async (sessionId, lastEventAt) => {
      await http.request(`/admin/sessions/${encodeURIComponent(sessionId)}/fail`, {
        method: 'POST',
        body: lastEventAt ? { lastEventAt } : {},
      });
    },
    toggleUser: async (id) => userAction(id, 'toggle'),
    restoreUser: async (id) => userAction(id, 'restore'),
    freeUserEmail: async (id) => userAction(id, 'free-email'),
    resetPassword: async (id, newPassword) => {
      await http.request(userPath(id, 'reset-password'), { method: 'POST', body: { newPassword } });
    },
    addVariation: async (resource, id, variation) => {
      const body = await http.request<{ data?: unknown }>(`${lookup(resource).api.path}/${encodeURIComponent(String(id))}/variations`, {
        method: 'POST',
        body: variation,
      });
      return body?.data;
    },
    generateVariations: async (resource, id, count) => {
      const path = `${lookup(resource).api.path}/${encodeURIComponent(String(id))}/generate-variations`;
      const body = await http.request<{ variations?: unknown }>(path, { method: 'POST', body: { count } });
      return Array.isArray(body?.variations) ? body.variations.filter((v): v is string => typeof v === 'string') : [];
    },
    toggleLandmine: async (id) => {
      const landmines = lookup('landmines');
      const body = await http.request(`${landmines.api.path}/${encodeURIComponent(String(id))}/toggle-status`, { method: 'PATCH' });
      return toRecord(landmines, itemOf(landmines, body));
    },
    bulkLandmines: async (action, ids) =>
      (await http.request<{ data: BulkOutcome }>(`${lookup('landmines').api.path}/bulk`, { method: 'POST', body: { action, ids } })).data,
    bulkDeleteItems: async (resource, ids) =>
      (await http.request<{ data: BulkOutcome }>(`${lookup(resource).api.path}/bulk-delete`, { method: 'POST', body: { ids } })).data,
    getConfigVersion: async () => (await http.request<{ data: ConfigVersionInfo }>('/admin/config-version')).data,
    matchPhrase: async (body: DictionaryMatchBody) =>
      (await http.request<{ data: PhraseTestResult }>('/dictionary/match', { method: 'POST', body })).data,
    getVariationSuggestions: async () => (await http.request<{ data: VariationSuggestions }>('/dictionary/suggestions')).data,
    addSuggestedVariation: async (id) => {
      await http.request(`/dictionary/suggestions/${encodeURIComponent(id)}/add`, { method: 'POST' });
    },
    dismissVariationSuggestion: async (id) => {
      await http.request(`/dictionary/suggestions/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
    },
    previewSpeechRate: async (settings: SpeechRateSettings) =>
      (await http.request<{ data: SpeechRatePreview }>('/speech-rate/preview', { method: 'POST', body: settings })).data,
    getMatching: async () => (await http.request<{ data: MatchingSettings }>('/dictionary/matching')).data,
    updateMatching: async (body: MatchingPutBody) =>
      (await http.request<{ data: MatchingSettings }>('/dictionary/matching', { method: 'PUT', body })).data,
    calibrateMatching: async () =>
      (await http.request<{ data: MatchingSettings }>('/dictionary/matching/calibrate', { method: 'POST' })).data,
    eraseRepSessions: async (rep) =>
      (await http.request<{ data: SessionErasure }>(lookup('sessions').api.path, { method: 'DELETE', query: { rep } })).data,
    ...createInsightsApi(http),
  };
};
