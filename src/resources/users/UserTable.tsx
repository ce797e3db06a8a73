import type { ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useListContext, useTranslate } from 'react-admin';
import { USER_PAGE_SIZE_OPTIONS } from '@/contract/users';
import { useListColumns, VisibleColumnsContext } from '@/shared/useListColumns';
import { listColumnsOf } from '@/resources/generic/fromDeclaration';
import { SelectAllCheckbox } from '@/shared/BulkActionBar';
import { ListPagination } from '@/shared/ListPagination';
import { USER_FIELDS } from './userFields';
import { UserRow } from './UserRow';
import type { UserDialogState, UserRecord } from './userTypes';
import { useUserSelection } from './useUserBulk';

/** The email, which tells users apart, and the actions always stay. */
export const USER_COLUMNS = listColumnsOf(USER_FIELDS, { required: ['email'], actions: 'app.users.columns.actions' });

export const UserTable = ({ onOpen }: { onOpen: (dialog: NonNullable<UserDialogState>) => void }) => {
  const translate = useTranslate();
  const { data: users } = useListContext<UserRecord>();
  const selection = useUserSelection();
  const { visible } = useListColumns(USER_COLUMNS);
  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={visible.length + 1} align="center">
        {content}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <SelectAllCheckbox selection={selection} />
              </TableCell>
              {visible.map((column) => (
                <TableCell key={column}>{translate(USER_COLUMNS.label(column))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <VisibleColumnsContext value={visible}>
            <TableBody>
              {users === undefined && message(<CircularProgress size={24} aria-label={translate('app.users.loading')} />)}
              {users?.length === 0 && message(translate('app.users.empty'))}
              {users?.map((user) => (
                <UserRow key={user.id} user={user} onOpen={onOpen} selection={selection} />
              ))}
            </TableBody>
          </VisibleColumnsContext>
        </Table>
      </TableContainer>
      {/* while the first page loads there is no range to show (not "0-0 of 0") */}
      <ListPagination rowsPerPageOptions={USER_PAGE_SIZE_OPTIONS} rangeKey="app.users.range" loadingKey="app.users.loading" />
    </Paper>
  );
};
