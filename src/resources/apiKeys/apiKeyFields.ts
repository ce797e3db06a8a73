import type { FieldMeta } from '@/resources/types';

/** Their own module: the list cannot import index.ts, which imports the list. The server filters nothing. */
export const API_KEY_FIELDS: FieldMeta[] = [
  { source: 'name', label: 'app.apiKeys.columns.name', inList: true },
  { source: 'prefix', label: 'app.apiKeys.columns.prefix', inList: true, readOnly: true },
  { source: 'scopes', label: 'app.apiKeys.columns.scopes', type: 'list', inList: true },
  { source: 'createdAt', label: 'app.apiKeys.columns.created', type: 'date', inList: true, readOnly: true },
  { source: 'lastUsedAt', label: 'app.apiKeys.columns.lastUsed', type: 'date', inList: true, readOnly: true },
  { source: 'revokedAt', label: 'app.apiKeys.columns.status', type: 'date', inList: true, readOnly: true },
];

export const API_KEYS_RESOURCE = 'service-keys';

/** The API pages nothing: sorted in the browser. */
export const API_KEYS_SORT = { field: 'createdAt', order: 'DESC' } as const;
