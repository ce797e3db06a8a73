import type { ResourceDeclaration } from '@/resources/types';
import { lazyFrom, preloadable } from '@/shared/preloadable';
import { SEARCH_FIELDS, SEARCH_RESOURCE, SEARCH_SORT } from './searchFields';

const SearchList = lazyFrom(
  preloadable(() => import('./SearchList')),
  (m) => m.SearchList,
);

/**
 * The search of what was said at /search: every call's transcripts and detected questions,
 * in ra-data-simple-rest's dialect over GET /api/admin/transcript-search (contract/transcriptSearch.ts).
 */
const search: ResourceDeclaration = {
  name: SEARCH_RESOURCE,
  api: { dialect: 'simple-rest', path: '/admin/transcript-search', paging: 'server', idField: 'id' },
  sort: SEARCH_SORT,
  fields: SEARCH_FIELDS,
  views: { list: SearchList },
  label: 'app.layout.titles.search',
};

export default search;
