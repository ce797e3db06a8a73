import type { FieldMeta } from '@/resources/types';

/** Its own module: the list cannot import index.ts, which imports the list. */
export const USER_FIELDS: FieldMeta[] = [
  { source: 'name', column: 'user', label: 'app.users.columns.user', inList: true },
  { source: 'email', label: 'app.users.columns.email', inList: true },
  { source: 'role', label: 'app.users.columns.role', type: 'chip', inList: true, filter: true },
  { source: 'isActive', column: 'status', label: 'app.users.columns.status', type: 'boolean', inList: true, filter: true },
  { source: 'lastLogin', label: 'app.users.columns.lastLogin', type: 'date', inList: true, readOnly: true },
  { source: 'createdAt', column: 'created', label: 'app.users.columns.created', type: 'date', inList: true, readOnly: true },
];
