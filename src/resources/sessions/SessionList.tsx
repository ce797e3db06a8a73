import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import { SESSION_DEFAULT_PAGE_SIZE } from '@/contract/sessions';
import { PageWindow } from '@/layout/PageWindow';
import { ReadFailureAlert, StaleRows, useListReadFailure } from '@/shared/ReadFailure';
import { sessionListError } from './sessionErrors';
import { readListContext, sessionListParams, writeListContext } from './sessionNavigation';
import { SessionTable } from './SessionTable';
import { SessionToolbar } from './SessionToolbar';
import { matchesSearch, type SessionFilters, type SessionRecord } from './sessionTypes';

/** spec 2: Conversation Sessions at /sessions, server-paged, 15 a page (spec 9). */
export const SessionList = () => {
  const translate = useTranslate();
  const [initial] = useState(readListContext);
  const [filters, setFilters] = useState<SessionFilters>(initial.filters);
  const [typed, setTyped] = useState(initial.filters.search);
  const [page, setPage] = useState(initial.page);
  const query = useGetList<SessionRecord>('sessions', sessionListParams(filters, page), { placeholderData: keepPreviousData });
  const { data, total = 0, isFetching, isPlaceholderData, refetch } = query;
  // the failure shows from the first failed attempt, while retries go on behind it
  const { failure: error, retrying, staleSince } = useListReadFailure(query, Boolean(data?.length));

  // spec 5: the loaded page is filtered at once as the user types; the server search follows.
  const visible = useMemo(() => data?.filter((session) => matchesSearch(session, typed)), [data, typed]);
  // Saved with what was typed, not the debounced search, so leaving within 300 ms keeps it;
  // a search the server has not run yet starts again from page 1, as it would have.
  useEffect(() => {
    if (!visible || !data || isPlaceholderData) return;
    const searchPending = typed !== filters.search;
    // Only the whole page, as the server returned it, can be continued on the next page.
    const wholePage = !searchPending && visible.length === data.length;
    writeListContext({
      filters: { ...filters, search: typed },
      page: searchPending ? 1 : page,
      ids: visible.map((session) => session.sessionId),
      total: wholePage ? total : null,
    });
  }, [visible, data, isPlaceholderData, filters, typed, page, total]);

  const changeFilters = useCallback((patch: Partial<SessionFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }, []);

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.sessions.subtitle')}
      </Typography>
      <SessionToolbar filters={filters} onSearchInput={setTyped} onFiltersChange={changeFilters} onRefresh={() => void refetch()} />
      {error ? (
        <ReadFailureAlert
          message={translate(sessionListError(error), { _: sessionListError(error) })}
          retrying={retrying}
          staleSince={staleSince}
          staleId="sessions-stale"
        />
      ) : null}
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.sessions.loading')} />}</Box>
      <StaleRows staleSince={staleSince} staleId="sessions-stale">
        <SessionTable sessions={visible ?? (error ? [] : undefined)} />
      </StaleRows>
      <PageWindow page={page} perPage={SESSION_DEFAULT_PAGE_SIZE} total={total} onPageChange={setPage} messages="app.sessions.pagination" />
    </Box>
  );
};
