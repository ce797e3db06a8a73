import type { ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import { USER_PAGE_SIZE_OPTIONS } from '@/contract/users';
import { type ListColumnsSpec, useListColumns, VisibleColumnsContext } from '@/shared/useListColumns';
import { SelectAllCheckbox } from '@/shared/BulkActionBar';
import type { RowSelection } from '@/shared/useRowSelection';
import { UserRow } from './UserRow';
import type { UserDialogState, UserRecord } from './userTypes';

const COLUMNS = ['user', 'email', 'role', 'status', 'lastLogin', 'created', 'actions'] as const;

/** The columns the toolbar's chooser offers: the email, which tells users apart, and the row actions always stay. */
export const USER_COLUMNS: ListColumnsSpec<(typeof COLUMNS)[number]> = {
  list: 'users',
  columns: COLUMNS,
  required: ['email', 'actions'],
  label: (column) => `app.users.columns.${column}`,
};

interface UserTableProps {
  users: UserRecord[] | undefined;
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onOpen: (dialog: NonNullable<UserDialogState>) => void;
  onToggled: (message: string) => void;
  onToggleFailed: (message: string) => void;
  /** The bulk actions' selection (issue 16): a box column before the chosen columns. */
  selection: RowSelection;
}

/** spec 2: the users table with its pagination (the page here is 0-based). */
export const UserTable = ({ users, total, page, perPage, onPageChange, onPerPageChange, ...rowProps }: UserTableProps) => {
  const translate = useTranslate();
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
                <SelectAllCheckbox selection={rowProps.selection} />
              </TableCell>
              {visible.map((column) => (
                <TableCell key={column}>{translate(`app.users.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <VisibleColumnsContext value={visible}>
            <TableBody>
              {users === undefined && message(<CircularProgress size={24} aria-label={translate('app.users.loading')} />)}
              {users?.length === 0 && message(translate('app.users.empty'))}
              {users?.map((user) => (
                <UserRow key={user.id} user={user} {...rowProps} />
              ))}
            </TableBody>
          </VisibleColumnsContext>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[...USER_PAGE_SIZE_OPTIONS]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        // while the first page loads there is no range to show (not "0-0 of 0")
        labelDisplayedRows={({ from, to, count }) =>
          users === undefined ? translate('app.users.loading') : translate('app.users.range', { from, to, count })
        }
        getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      />
    </Paper>
  );
};
