import type { GetListParams } from 'react-admin';
import { SESSION_DEFAULT_PAGE_SIZE } from '@/contract/sessions';
import { NO_FILTERS, toListFilter, type SessionFilters } from './sessionTypes';

/**
 * The list as the user last saw it: its filters, page and the ordered ids it showed. The
 * detail's previous/next buttons walk these ids, fetching the neighbouring page at either
 * edge, and coming back restores the list at the page of the session last viewed.
 * Kept in sessionStorage so a reload of the detail page keeps it too.
 */
export interface SessionListContext {
  filters: SessionFilters;
  page: number;
  ids: string[];
  /**
   * Sessions the server matched for `filters`, when `ids` is that whole page. Null when the
   * page showed only part of it (a search typed but not yet run on the server): the walk
   * then stays on the ids shown.
   */
  total: number | null;
}

const KEY = 'salescoach.sessions.list';

/** The list call for `filters` and `page`: one definition, so the list and the detail's walk share react-query's cache. */
export const sessionListParams = (filters: SessionFilters, page: number): GetListParams => ({
  // No sort: the server orders by start time, newest first (spec 7).
  pagination: { page, perPage: SESSION_DEFAULT_PAGE_SIZE },
  filter: toListFilter(filters),
});

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export const readListContext = (storage: Storage | undefined = globalThis.sessionStorage): SessionListContext => {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<SessionListContext> | null;
    return {
      filters: { ...NO_FILTERS, ...parsed?.filters },
      page: isCount(parsed?.page) && parsed.page >= 1 ? parsed.page : 1,
      ids: Array.isArray(parsed?.ids) ? parsed.ids.filter((id): id is string => typeof id === 'string') : [],
      total: isCount(parsed?.total) ? parsed.total : null,
    };
  } catch {
    return { filters: NO_FILTERS, page: 1, ids: [], total: null };
  }
};

export const writeListContext = (context: SessionListContext, storage: Storage | undefined = globalThis.sessionStorage) => {
  try {
    storage?.setItem(KEY, JSON.stringify(context));
  } catch {
    // A full or blocked storage only costs the previous/next buttons.
  }
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

export const placeOf = ({ page, ids, total }: SessionListContext, id: string): SessionPlace | null => {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  const first = index === 0;
  const last = index === ids.length - 1;
  const neighbours = { previous: first ? null : ids[index - 1], next: last ? null : ids[index + 1] };
  if (total === null) return { ...neighbours, position: index + 1, total: ids.length, previousPage: null, nextPage: null };
  const offset = (page - 1) * SESSION_DEFAULT_PAGE_SIZE;
  return {
    ...neighbours,
    position: offset + index + 1,
    total: Math.max(total, offset + ids.length),
    previousPage: first && page > 1 ? page - 1 : null,
    nextPage: last && offset + ids.length < total ? page + 1 : null,
  };
};
