import type { FieldMeta } from '@/resources/types';

/** Their own module: the list cannot import index.ts, which imports the list. */
export const SEARCH_RESOURCE = 'search';

/** The CSV's leading columns; the server orders one way only: newest call first. */
export const SEARCH_FIELDS: FieldMeta[] = [
  { source: 'sessionName', label: 'app.search.fields.sessionName', inList: true },
  { source: 'userEmail', label: 'app.search.fields.userEmail', inList: true },
  { source: 'startTime', label: 'app.search.fields.startTime', type: 'date', inList: true },
  { source: 'timestamp', label: 'app.search.fields.timestamp', type: 'date', inList: true },
  { source: 'speaker', label: 'app.search.fields.speaker', inList: true },
  { source: 'text', label: 'app.search.fields.text', inList: true },
];

export const SEARCH_SORT = { field: 'startTime', order: 'DESC' } as const;
