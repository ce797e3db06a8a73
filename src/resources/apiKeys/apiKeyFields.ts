import type { FieldMeta } from '@/resources/types';

/**
 * The keys' fields: the declaration's (index.ts) and the list's columns (ApiKeyTable, through
 * listColumnsOf). Their own module, as the list cannot import index.ts, which imports the list.
 * The server lists every key at once and filters nothing, so no field is a filter.
 */
export const API_KEY_FIELDS: FieldMeta[] = [
  { source: 'name', label: 'app.apiKeys.columns.name', inList: true },
  { source: 'prefix', label: 'app.apiKeys.columns.prefix', inList: true, readOnly: true },
  { source: 'scopes', label: 'app.apiKeys.columns.scopes', type: 'list', inList: true },
  { source: 'createdAt', label: 'app.apiKeys.columns.created', type: 'date', inList: true, readOnly: true },
  { source: 'lastUsedAt', label: 'app.apiKeys.columns.lastUsed', type: 'date', inList: true, readOnly: true },
  { source: 'revokedAt', label: 'app.apiKeys.columns.status', type: 'date', inList: true, readOnly: true },
];

/** The resource's name, also its route (/service-keys). */
export const API_KEYS_RESOURCE = 'service-keys';

/** Newest first, sorted in the browser (the API pages nothing: paging 'all'). */
export const API_KEYS_SORT = { field: 'createdAt', order: 'DESC' } as const;
