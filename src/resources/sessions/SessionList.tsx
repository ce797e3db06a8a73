import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ListParams, ListContextProvider, queryReducer, SET_FILTER, useListContext, useStore, useTranslate } from 'react-admin';
import { SESSION_DEFAULT_PAGE_SIZE } from '@/contract/sessions';
import { PageWindow } from '@/layout/PageWindow';
import { ReadFailureAlert, StaleRows } from '@/shared/ReadFailure';
import { useListFailure, usePortalList } from '@/shared/usePortalList';
import { useListSearch } from '@/shared/useListSearch';
import { RepErasureButton } from './SessionErasure';
import { SessionFilterBar } from './SessionFilterBar';
import { SessionFilterChips } from './SessionFilterChips';
import { sessionListError } from './sessionErrors';
import { SESSION_LIST_SORT, SESSION_LIST_STORE_KEY } from './sessionNavigation';
import { SessionTable } from './SessionTable';
import { SessionToolbar } from './SessionToolbar';
import { matchesSearch, type SessionRecord } from './sessionTypes';
import { useRestoredFilters } from './useRestoredFilters';

/** On top of react-admin's sync: leaving keeps the list as the admin saw it, for Back to Sessions and the detail's walk. */
const useKeepListAsSeen = (typed: string) => {
  const { page, perPage, sort, filterValues, displayedFilters, data, isPlaceholderData } = useListContext();
  const [, setStored] = useStore<ListParams>(SESSION_LIST_STORE_KEY);
  const asked: ListParams = { page, perPage, sort: sort.field, order: sort.order, filter: filterValues, displayedFilters };
  const latest = useRef({ asked, seen: asked, loading: false, typed });
  latest.current = { ...latest.current, asked, loading: Boolean(isPlaceholderData), typed };
  useEffect(() => {
    if (data && !isPlaceholderData) latest.current.seen = latest.current.asked;
  }, [data, isPlaceholderData]);
  useEffect(
    () => () => {
      const { asked: current, seen, loading, typed: text } = latest.current;
      const shown = loading ? seen : current;
      const { search, ...rest } = shown.filter ?? {};
      const typedSearch = text.trim();
      if (typedSearch === (typeof search === 'string' ? search : '')) {
        setStored(shown);
        return;
      }
      const filter = typedSearch === '' ? rest : { ...rest, search: typedSearch };
      setStored(queryReducer(shown, { type: SET_FILTER, payload: { filter, displayedFilters: shown.displayedFilters } }));
    },
    [setStored],
  );
};

const SessionListView = () => {
  const translate = useTranslate();
  const listContext = useListContext<SessionRecord>();
  const { data, isFetching, page, perPage, total = 0, setPage } = listContext;
  // spec 7: the server's search takes the text without its outer spaces.
  const search = useListSearch('search', { trim: true });
  const [typed] = search;
  useKeepListAsSeen(typed);
  const { failure: error, retrying, staleSince } = useListFailure();

  // spec 5: the loaded page is filtered at once as the user types; the server search follows.
  const visible = useMemo(() => data?.filter((session) => matchesSearch(session, typed)), [data, typed]);
  const shown = useMemo(() => ({ ...listContext, data: visible }), [listContext, visible]);
  // A list that could not be read shows its failure with Retry, never "No sessions found".
  const unread = error !== null && !data?.length;
  const searchBox = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => searchBox.current?.focus(), []);
  const restored = useRestoredFilters();
  // The rep the admin picked on this screen: a restored or linked-in rep never offers the erasure.
  const [chosenRep, setChosenRep] = useState<string | null>(null);
  const { rep } = listContext.filterValues;

  return (
    // minWidth 0: the page is a flex item, so without it the table's width would widen the window
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.sessions.subtitle')}
      </Typography>
      <SessionToolbar search={search} searchRef={searchBox} />
      <SessionFilterBar onRepChosen={setChosenRep} />
      <SessionFilterChips focusAfterLast={focusSearch} restored={restored} />
      {typeof rep === 'string' && rep === chosenRep && <RepErasureButton rep={rep} />}
      {error ? (
        <ReadFailureAlert
          message={translate(sessionListError(error), { _: sessionListError(error) })}
          retrying={retrying}
          staleSince={staleSince}
          staleId="sessions-stale"
          onRetry={() => void listContext.refetch()}
        />
      ) : null}
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label={translate('app.sessions.loading')} />}</Box>
      {!unread && (
        <StaleRows staleSince={staleSince} staleId="sessions-stale">
          <ListContextProvider value={shown as typeof listContext}>
            <SessionTable />
          </ListContextProvider>
        </StaleRows>
      )}
      <PageWindow page={page} perPage={perPage} total={total} onPageChange={setPage} messages="app.sessions.pagination" />
    </Box>
  );
};

/** spec 2, 9: react-admin's controller keeps the page and filters in the address and its store. */
export const SessionList = () => {
  const listContext = usePortalList<SessionRecord>({ resource: 'sessions', perPage: SESSION_DEFAULT_PAGE_SIZE, sort: SESSION_LIST_SORT });
  return (
    <ListContextProvider value={listContext}>
      <SessionListView />
    </ListContextProvider>
  );
};
