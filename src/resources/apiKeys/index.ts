import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazy } from 'react';
import { apiKeyCreateSchema } from '@/contract/apiKeys';
import type { ResourceDeclaration } from '@/resources/types';

// Its own chunk, like every page (docs/architecture.md).
const ApiKeyList = lazy(() => import('./ApiKeyList').then((m) => ({ default: m.ApiKeyList })));

/**
 * The assistant API's service keys at /service-keys over /api/admin/api-keys: one
 * call lists them all (never a secret); create answers the secret once; DELETE revokes. Not
 * at /api-keys: the server and Vite's proxy take every path starting with /api for the API.
 */
const apiKeys: ResourceDeclaration = {
  name: 'service-keys',
  api: { dialect: 'spec', path: '/admin/api-keys', listKey: 'data', itemKey: 'data', paging: 'all', idField: 'id' },
  // Write bodies keep name and scopes only.
  schema: apiKeyCreateSchema,
  sort: { field: 'createdAt', order: 'DESC' },
  fields: [
    { source: 'name', label: 'app.apiKeys.columns.name', inList: true },
    { source: 'scopes', label: 'app.apiKeys.columns.scopes', type: 'list', inList: true },
    { source: 'createdAt', label: 'app.apiKeys.columns.created', type: 'date', inList: true, readOnly: true },
    { source: 'lastUsedAt', label: 'app.apiKeys.columns.lastUsed', type: 'date', inList: true, readOnly: true },
    { source: 'revokedAt', label: 'app.apiKeys.columns.status', type: 'date', inList: true, readOnly: true },
  ],
  views: { list: ApiKeyList },
  icon: VpnKeyIcon,
  label: 'app.apiKeys.title',
};

export default apiKeys;
