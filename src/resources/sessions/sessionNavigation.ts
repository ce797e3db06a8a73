import { type GetListParams, getQuery, type ListParams, parseQueryFromLocation } from 'react-admin';
import { SESSION_DEFAULT_PAGE_SIZE } from '@/contract/sessions';
import { matchesSearch, type SessionSummary } from './sessionTypes';

/**
 * react-admin's own store key for the sessions list's params (its controller syncs them with the
 * address and this localStorage-backed store; a sign-out forgets them, src/portalStore.ts). The
 * detail's previous/next walk reads them from here and asks for the same page, sharing
 * react-query's cache with the list.
 */
export const SESSION_LIST_STORE_KEY = 'sessions.listParams';

/**
 * The server orders sessions by start time, newest first (spec 7), and the spec dialect sends no
 * sort: this is react-admin's useGetList default, only so the list's read is the one the page's
 * first read (index.ts) and the walk ask for.
 */
export const SESSION_LIST_SORT = { field: 'id', order: 'DESC' } as const;

/** The list's params as its controller makes them from the address's query and what the store holds. */
export const sessionListQuery = (stored: unknown, search = ''): ListParams =>
  getQuery({
    queryFromLocation: parseQueryFromLocation({ search }),
    params: stored ?? {},
    filterDefaultValues: undefined,
    sort: SESSION_LIST_SORT,
    perPage: SESSION_DEFAULT_PAGE_SIZE,
  });

/** The list controller's getList call for those params: one definition for the first read and the walk. */
export const sessionListParams = ({ page, perPage, sort, order, filter }: ListParams): GetListParams => ({
  pagination: { page, perPage },
  sort: { field: sort, order },
  filter: { ...filter },
});

/** The search the list ran on the server, which it also applies to the loaded page (spec 5). */
const searchOf = ({ filter }: ListParams): string => (typeof filter?.search === 'string' ? filter.search : '');

/** One page of the list as the list shows it, for the walk. */
export interface SessionListPage {
  page: number;
  perPage: number;
  /** The sessions shown, in order. */
  ids: string[];
  /**
   * Sessions the server matched, when `ids` is the whole page it sent. Null when the page showed
   * only part of it (the search matched fewer rows on the page than the server did): the walk
   * then stays on the ids shown.
   */
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

/** Where `id` sits in the walk; null when it is not in the list the user came from (a shared link). */
export interface SessionPlace {
  /** 1-based, over every page. */
  position: number;
  total: number;
  /** The neighbour on the same page, if any. */
  previous: string | null;
  next: string | null;
  /** The page that holds the neighbour when it is not on this page. */
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
