import { localStorageStore } from 'react-admin';
import { expandEntries, type SessionDetail } from '@/contract/sessions';
import { lazyFrom } from '@/shared/preloadable';
import type { ResourceDeclaration } from '@/resources/types';
import { loadSessionList } from './loadSessionList';
import { SESSION_FIELDS } from './sessionFields';
import { SESSION_LOCAL_FILTERS } from './sessionFilters';
import { SESSION_LIST_STORE_KEY, sessionListParams, sessionListQuery } from './sessionNavigation';

const SessionList = lazyFrom(loadSessionList, (m) => m.SessionList);

const expandSessionDetail = (item: unknown): unknown => {
  const detail = item as SessionDetail | undefined;
  if (!detail?.sentimentAnalysis || !detail.transcripts) return item;
  const entries = expandEntries(detail.transcripts, detail.sentimentAnalysis.entries);
  return { ...detail, sentimentAnalysis: { ...detail.sentimentAnalysis, entries } };
};

/** spec 2, 7; the detail is a custom page at /sessions/{sessionId} (App.tsx). */
const sessions: ResourceDeclaration = {
  name: 'sessions',
  api: {
    dialect: 'spec',
    path: '/admin/sessions',
    listKey: 'data',
    totalKey: 'pagination.total',
    itemKey: 'data',
    paging: 'server',
    idField: 'sessionId',
    localFilters: SESSION_LOCAL_FILTERS,
    // Without each sentiment entry's copy of its utterance's text, put back here.
    itemRead: { query: { entries: 'compact' }, expand: expandSessionDetail },
  },
  fields: SESSION_FIELDS,
  views: { list: SessionList },
  // From the address, else from react-admin's store (localStorage-backed, read here before <Admin> is up).
  firstRead: (rest) => {
    if (rest === '') {
      const stored = localStorageStore().getItem(SESSION_LIST_STORE_KEY);
      return { method: 'getList', params: sessionListParams(sessionListQuery(stored, globalThis.location?.search ?? '')) };
    }
    if (rest.includes('/')) return null;
    try {
      return { method: 'getOne', params: { id: decodeURIComponent(rest) } };
    } catch {
      // A malformed address: the page says the session was not found.
      return null;
    }
  },
};

export default sessions;
