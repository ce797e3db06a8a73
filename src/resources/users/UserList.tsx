import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { USER_DEFAULT_PAGE_SIZE } from '@/contract/users';
import { BannerAlert } from '@/shared/BannerAlert';
import { ReadFailureAlert, StaleRows, useListReadFailure } from '@/shared/ReadFailure';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { UserBulkBar } from './UserBulkBar';
import { UserDialogs } from './UserDialogs';
import { UserTable } from './UserTable';
import { UserToolbar } from './UserToolbar';
import { NO_FILTERS, toListFilter, type UserDialogState, type UserFilters, type UserRecord } from './userTypes';
import { useUserBulk } from './useUserBulk';
import { useErrorText } from './useUserAction';

/** spec 2, 4: User Management at /users. The UI page is 0-based and sent as page + 1. */
export const UserList = () => {
  const errorText = useErrorText();
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(USER_DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<UserDialogState>(null);
  const { banner, success, error: fail, clear: closeBanner } = useBanner();
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const query = useGetList<UserRecord>(
    'users',
    { pagination: { page: page + 1, perPage }, filter: toListFilter(filters) },
    { placeholderData: keepPreviousData },
  );
  const { data, total = 0, isFetching, refetch } = query;
  // the failure shows from the first failed attempt, while retries go on behind it
  const { failure: error, retrying, staleSince } = useListReadFailure(query, Boolean(data?.length));

  const users = data ?? (error ? [] : undefined);
  const bulk = useUserBulk(users, { onSucceeded: (text) => success(text, LONG_BANNER_MS), onFailed: fail });

  const changeFilters = useCallback((patch: Partial<UserFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
  }, []);
  const succeed = useCallback(
    (text: string) => {
      setDialog(null);
      success(text);
    },
    [success],
  );

  return (
    <Box sx={{ py: 2 }}>
      <UserToolbar
        filters={filters}
        onFiltersChange={changeFilters}
        onRefresh={() => void refetch()}
        onAdd={() => setDialog({ kind: 'create' })}
      />
      {error && error !== dismissedError && (
        <ReadFailureAlert
          message={errorText(error, 'app.users.errors.fetch')}
          retrying={retrying}
          staleSince={staleSince}
          staleId="users-stale"
          onClose={() => setDismissedError(error)}
        />
      )}
      <BannerAlert banner={banner} onClose={closeBanner} />
      <UserBulkBar selection={bulk.selection} running={bulk.running} onRun={(action) => void bulk.run(action)} />
      <Box sx={{ height: 4 }}>{(isFetching || bulk.running) && <LinearProgress />}</Box>
      <StaleRows staleSince={staleSince} staleId="users-stale">
        <UserTable
          users={users}
          selection={bulk.selection}
          total={total}
          page={page}
          perPage={perPage}
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(0);
          }}
          onOpen={setDialog}
          onToggled={succeed}
          onToggleFailed={fail}
        />
      </StaleRows>
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} onDone={succeed} />
    </Box>
  );
};
