import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { ListContextProvider, type ListControllerResult, useListContext } from 'react-admin';
import { USER_DEFAULT_PAGE_SIZE } from '@/contract/users';
import { PageBannerAlert, PageBannerProvider } from '@/shared/PageBanner';
import { ReadFailureAlert, StaleRows } from '@/shared/ReadFailure';
import { useListFailure, usePortalList } from '@/shared/usePortalList';
import { useErrorText } from '@/shared/useErrorText';
import { UserBulkBar } from './UserBulkBar';
import { UserDialogs } from './UserDialogs';
import { UserTable } from './UserTable';
import { UserToolbar } from './UserToolbar';
import { USER_LIST_SORT, type UserDialogState, type UserRecord } from './userTypes';
import { useUserBulk } from './useUserBulk';

const UserListView = () => {
  const errorText = useErrorText();
  const listContext = useListContext<UserRecord>();
  const [dialog, setDialog] = useState<UserDialogState>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const { failure: error, retrying, staleSince } = useListFailure();
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
  const listContext = usePortalList<UserRecord>({ resource: 'users', perPage: USER_DEFAULT_PAGE_SIZE, sort: USER_LIST_SORT });
  return (
    <ListContextProvider value={listContext}>
      <PageBannerProvider>
        <UserListView />
      </PageBannerProvider>
    </ListContextProvider>
  );
};
