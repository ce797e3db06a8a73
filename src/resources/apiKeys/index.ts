import { apiKeyCreateSchema } from '@/contract/apiKeys';
import type { ResourceDeclaration } from '@/resources/types';
import { lazyFrom, preloadable } from '@/shared/preloadable';
import { API_KEY_FIELDS, API_KEYS_RESOURCE, API_KEYS_SORT } from './apiKeyFields';

// Its own chunk, like every page (docs/architecture.md).
const ApiKeyList = lazyFrom(
  preloadable(() => import('./ApiKeyList')),
  (m) => m.ApiKeyList,
);

/**
 * The assistant API's service keys at /service-keys over /api/admin/api-keys: one
 * call lists them all (never a secret); create answers the secret once; DELETE revokes. Not
 * at /api-keys: the server and Vite's proxy take every path starting with /api for the API.
 * A custom list (the secret's dialog, Revoke) whose columns are the declared fields.
 */
const apiKeys: ResourceDeclaration = {
  name: API_KEYS_RESOURCE,
  api: { dialect: 'spec', path: '/admin/api-keys', listKey: 'data', itemKey: 'data', paging: 'all', idField: 'id' },
  // Write bodies keep name and scopes only.
  schema: apiKeyCreateSchema,
  sort: API_KEYS_SORT,
  fields: API_KEY_FIELDS,
  views: { list: ApiKeyList },
  label: 'app.apiKeys.title',
};

export default apiKeys;
