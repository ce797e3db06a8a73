import { apiKeyCreateSchema } from '@/contract/apiKeys';
import type { ResourceDeclaration } from '@/resources/types';
import { lazyFrom, preloadable } from '@/shared/preloadable';
import { API_KEY_FIELDS, API_KEYS_RESOURCE, API_KEYS_SORT } from './apiKeyFields';

const ApiKeyList = lazyFrom(
  preloadable(() => import('./ApiKeyList')),
  (m) => m.ApiKeyList,
);

/** Not at /api-keys: a path under /api belongs to the API, in the server and in Vite's proxy alike. */
const apiKeys: ResourceDeclaration = {
  name: API_KEYS_RESOURCE,
  api: { dialect: 'spec', path: '/admin/api-keys', listKey: 'data', itemKey: 'data', paging: 'all', idField: 'id' },
  schema: apiKeyCreateSchema,
  sort: API_KEYS_SORT,
  fields: API_KEY_FIELDS,
  views: { list: ApiKeyList },
  label: 'app.apiKeys.title',
};

export default apiKeys;
