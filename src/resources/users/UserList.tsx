import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { ListContextProvider, useListContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
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
  const translate = useTranslate();
  const errorText = useErrorText();
  const listContext = useListContext<UserRecord>();
  // /users?add=<email> (Insights, for a rep Users does not know) opens Create User with that address.
  const [searchParams] = useSearchParams();
  const addEmail = searchParams.get('add');
  const [dialog, setDialog] = useState<UserDialogState>(addEmail ? { kind: 'create', email: addEmail } : null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const { failure: error, retrying, staleSince } = useListFailure();
  const bulk = useUserBulk();
  const table = useRef<HTMLDivElement>(null);
  // The bar and its buttons go with the selection: the keyboard goes on from the select-all box.
  const runBulk = async (action: Parameters<typeof bulk.run>[0]) => {
    await bulk.run(action);
    table.current?.querySelector<HTMLInputElement>('thead input[type="checkbox"]')?.focus();
  };
  // A list that could not be read shows its failure with Retry, never "No users found".
  const unread = error !== null && !listContext.data?.length;

  return (
    <Box sx={{ py: 2 }}>
      <UserToolbar onAdd={() => setDialog({ kind: 'create' })} />
      {error && (unread || error !== dismissedError) && (
        <ReadFailureAlert
          message={errorText(error, 'app.users.errors.fetch')}
          retrying={retrying}
          staleSince={staleSince}
          staleId="users-stale"
          onRetry={() => void listContext.refetch()}
          onClose={unread ? undefined : () => setDismissedError(error)}
        />
      )}
      <PageBannerAlert />
      <UserBulkBar selection={bulk.selection} running={bulk.running} onRun={(action) => void runBulk(action)} />
      <Box sx={{ height: 4 }}>
        {/* a refresh over the rows shown, or bulk work; the table's own spinner says the first load */}
        {((listContext.isFetching && !listContext.isPending) || bulk.running) && (
          <LinearProgress aria-label={translate('app.users.loading')} />
        )}
      </Box>
      <div ref={table}>
        {!unread && (
          <StaleRows staleSince={staleSince} staleId="users-stale">
            <UserTable onOpen={setDialog} />
          </StaleRows>
        )}
      </div>
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
};

/** spec 2, 4 */
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
