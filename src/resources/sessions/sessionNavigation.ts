import { type GetListParams, getQuery, type ListParams, parseQueryFromLocation } from 'react-admin';
import { SESSION_DEFAULT_PAGE_SIZE } from '@/contract/sessions';
import { matchesSearch, type SessionSummary } from './sessionTypes';

/** react-admin's own store key: the detail's walk reads the list's params here and shares react-query's cache with it. */
export const SESSION_LIST_STORE_KEY = 'sessions.listParams';

/** spec 7's server orders newest first and the dialect sends no sort: this only makes every read of the list the same. */
export const SESSION_LIST_SORT = { field: 'id', order: 'DESC' } as const;

export const sessionListQuery = (stored: unknown, search = ''): ListParams =>
  getQuery({
    queryFromLocation: parseQueryFromLocation({ search }),
    params: stored ?? {},
    filterDefaultValues: undefined,
    sort: SESSION_LIST_SORT,
    perPage: SESSION_DEFAULT_PAGE_SIZE,
  });

/** One definition for the first read and the walk. */
export const sessionListParams = ({ page, perPage, sort, order, filter }: ListParams): GetListParams => ({
  pagination: { page, perPage },
  sort: { field: sort, order },
  filter: { ...filter },
});

/** spec 5 */
const searchOf = ({ filter }: ListParams): string => (typeof filter?.search === 'string' ? filter.search : '');

export interface SessionListPage {
  page: number;
  perPage: number;
  ids: string[];
  /** Null when the page showed only part of what the server matched: the walk then stays on the ids shown. */
  total: number | null;
}

export const listPageOf = (
  query: ListParams,
  page: number,
  data: readonly SessionSummary[],
  total: number | undefined,
): SessionListPage => {
  const search = searchOf(query);
  const shown = data.filter((session) => matchesSearch(session, search));
  return {
    page,
    perPage: query.perPage,
    ids: shown.map((session) => session.sessionId),
    total: shown.length === data.length && total !== undefined ? total : null,
  };
};

/** null when `id` is not in the list the user came from (a shared link). */
export interface SessionPlace {
  position: number;
  total: number;
  previous: string | null;
  next: string | null;
  previousPage: number | null;
  nextPage: number | null;
}

export const placeOf = ({ page, perPage, ids, total }: SessionListPage, id: string): SessionPlace | null => {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  const first = index === 0;
  const last = index === ids.length - 1;
  const neighbours = { previous: first ? null : ids[index - 1], next: last ? null : ids[index + 1] };
  if (total === null) return { ...neighbours, position: index + 1, total: ids.length, previousPage: null, nextPage: null };
  const offset = (page - 1) * perPage;
  return {
    ...neighbours,
    position: offset + index + 1,
    total: Math.max(total, offset + ids.length),
    previousPage: first && page > 1 ? page - 1 : null,
    nextPage: last && offset + ids.length < total ? page + 1 : null,
  };
};
