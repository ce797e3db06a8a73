import { NO_FILTERS, type SessionFilters } from './sessionTypes';

/**
 * The list as the user last saw it: its filters, page and the ordered ids it showed. The
 * detail's previous/next buttons walk these ids, and coming back restores the list.
 * Kept in sessionStorage so a reload of the detail page keeps it too.
 */
export interface SessionListContext {
  filters: SessionFilters;
  page: number;
  ids: string[];
}

const KEY = 'salescoach.sessions.list';

export const readListContext = (storage: Storage | undefined = globalThis.sessionStorage): SessionListContext => {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<SessionListContext> | null;
    return {
      filters: { ...NO_FILTERS, ...parsed?.filters },
      page: typeof parsed?.page === 'number' && parsed.page >= 1 ? parsed.page : 1,
      ids: Array.isArray(parsed?.ids) ? parsed.ids.filter((id): id is string => typeof id === 'string') : [],
    };
  } catch {
    return { filters: NO_FILTERS, page: 1, ids: [] };
  }
};

export const writeListContext = (context: SessionListContext, storage: Storage | undefined = globalThis.sessionStorage) => {
  try {
    storage?.setItem(KEY, JSON.stringify(context));
  } catch {
    // A full or blocked storage only costs the previous/next buttons.
  }
};

/** The neighbours of `id` in the list's order; null at either end or when it is not in the list. */
export const neighboursOf = (ids: readonly string[], id: string) => {
  const index = ids.indexOf(id);
  if (index < 0) return { previous: null, next: null, position: 0, total: ids.length };
  return {
    previous: index > 0 ? ids[index - 1] : null,
    next: index < ids.length - 1 ? ids[index + 1] : null,
    position: index + 1,
    total: ids.length,
  };
};
