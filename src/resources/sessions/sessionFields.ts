import type { FieldMeta } from '@/resources/types';

/**
 * The sessions' fields: the declaration's (index.ts), the list's columns (SessionTable, through
 * listColumnsOf) and the export's leading columns, named as the table's cells and the admins'
 * stored column choices name them. Their own module, as the list cannot import index.ts, which
 * imports the list.
 */
export const SESSION_FIELDS: FieldMeta[] = [
  { source: 'sessionName', column: 'info', label: 'app.sessions.columns.info', inList: true, readOnly: true },
  // Exported before the address: reps by name, email second. The 'user' column shows both.
  { source: 'userName', label: 'app.sessions.columns.userName', readOnly: true },
  { source: 'userEmail', column: 'user', label: 'app.sessions.columns.user', inList: true, readOnly: true },
  { source: 'metadata.roomName', column: 'room', label: 'app.sessions.columns.room', inList: true, readOnly: true },
  { source: 'duration', label: 'app.sessions.columns.duration', inList: true, readOnly: true },
  { source: 'statistics', label: 'app.sessions.columns.statistics', inList: true, readOnly: true },
  { source: 'landmineCount', column: 'landmines', label: 'app.sessions.columns.landmines', inList: true, readOnly: true },
  { source: 'status', label: 'app.sessions.columns.status', type: 'chip', inList: true, filter: true, readOnly: true },
];
