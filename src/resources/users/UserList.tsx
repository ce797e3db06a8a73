import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { ListContextProvider, type ListControllerResult, useGetList, useListContext, useListController } from 'react-admin';
import { USER_DEFAULT_PAGE_SIZE } from '@/contract/users';
import { PageBannerAlert, PageBannerProvider } from '@/shared/PageBanner';
import { ReadFailureAlert, StaleRows, useListReadFailure } from '@/shared/ReadFailure';
import { useErrorText } from '@/shared/useErrorText';
import { UserBulkBar } from './UserBulkBar';
import { UserDialogs } from './UserDialogs';
import { UserTable } from './UserTable';
import { UserToolbar } from './UserToolbar';
import { USER_LIST_SORT, type UserDialogState, type UserRecord } from './userTypes';
import { useUserBulk } from './useUserBulk';

const ignore = () => undefined;

/**
 * When the list controller's read failed and when its rows were loaded. The controller hands on
 * neither, so its own query is observed (never fetched from here) through react-admin with the
 * controller's parameters: a failed attempt shows while retries go on (react-query keeps `error`
 * empty until they are spent).
 */
const useUsersReadFailure = () => {
  const { page, perPage, sort, filterValues, error, isFetching, data } = useListContext<UserRecord>();
  const { failureReason, dataUpdatedAt } = useGetList<UserRecord>(
    'users',
    { pagination: { page, perPage }, sort, filter: filterValues },
    { enabled: false },
  );
  return useListReadFailure({ error, failureReason, isFetching: isFetching === true, dataUpdatedAt }, Boolean(data?.length));
};

const UserListView = () => {
  const errorText = useErrorText();
  const listContext = useListContext<UserRecord>();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const { failure: error, retrying, staleSince } = useUsersReadFailure();
  const bulk = useUserBulk();
  // spec 8: a list that could not be read shows as empty under its banner, not as loading
  const shown: ListControllerResult<UserRecord> =
    listContext.data === undefined && error ? { ...listContext, data: [], total: 0, isPending: false } : listContext;

  return (
    <Box sx={{ py: 2 }}>
      <UserToolbar onAdd={() => setDialog({ kind: 'create' })} />
      {error && error !== dismissedError && (
        <ReadFailureAlert
          message={errorText(error, 'app.users.errors.fetch')}
          retrying={retrying}
          staleSince={staleSince}
          staleId="users-stale"
          onClose={() => setDismissedError(error)}
        />
      )}
      <PageBannerAlert />
      <UserBulkBar selection={bulk.selection} running={bulk.running} onRun={(action) => void bulk.run(action)} />
      <Box sx={{ height: 4 }}>{(listContext.isFetching || bulk.running) && <LinearProgress />}</Box>
      <StaleRows staleSince={staleSince} staleId="users-stale">
        <ListContextProvider value={shown}>
          <UserTable onOpen={setDialog} />
        </ListContextProvider>
      </StaleRows>
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
};

/** spec 2, 4: User Management at /users, on react-admin's list controller (page, page size, filters, selection). */
export const UserList = () => {
  const retry = useQueryClient().getDefaultOptions().queries?.retry;
  const listContext = useListController<UserRecord>({
    resource: 'users',
    // <Admin requireAuth> checked the session before any page: the first read goes out at once, no second check first
    disableAuthentication: true,
    perPage: USER_DEFAULT_PAGE_SIZE,
    sort: USER_LIST_SORT,
    disableSyncWithLocation: true,
    storeKey: false,
    queryOptions: {
      placeholderData: keepPreviousData,
      // the portal's retries of a failed read (the controller retries none), and the page's own banner instead of a notification
      retry,
      onError: ignore,
    },
  });
  return (
    <ListContextProvider value={listContext}>
      <PageBannerProvider>
        <UserListView />
      </PageBannerProvider>
    </ListContextProvider>
  );
};
