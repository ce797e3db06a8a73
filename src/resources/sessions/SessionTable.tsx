import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useListContext, useTranslate } from 'react-admin';
import { type ListColumnsSpec, useListColumns, VisibleColumnsContext } from '@/shared/useListColumns';
import { SessionRow } from './SessionRow';
import type { SessionRecord } from './sessionTypes';

const COLUMNS = ['info', 'user', 'room', 'duration', 'statistics', 'status', 'actions'] as const;

/** The columns the toolbar's chooser offers: the session's name and id, and View Details, always stay. */
export const SESSION_COLUMNS: ListColumnsSpec<(typeof COLUMNS)[number]> = {
  columns: COLUMNS,
  required: ['info', 'actions'],
  label: (column) => `app.sessions.columns.${column}`,
};

/** spec 2: the sessions table, of the rows in the list context; none yet while the first page loads. */
export const SessionTable = () => {
  const translate = useTranslate();
  const { data: sessions } = useListContext<SessionRecord>();
  const { visible } = useListColumns(SESSION_COLUMNS);
  const message = sessions === undefined ? 'loading' : sessions.length === 0 ? 'empty' : null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {visible.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {translate(`app.sessions.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <VisibleColumnsContext value={visible}>
          <TableBody>
            {message ? (
              <TableRow>
                <TableCell
                  colSpan={visible.length}
                  align="center"
                  sx={{ py: 4, color: 'text.secondary' }}
                  role={message === 'loading' ? 'status' : undefined}
                >
                  {translate(`app.sessions.${message}`)}
                </TableCell>
              </TableRow>
            ) : (
              sessions?.map((session) => <SessionRow key={session.sessionId} session={session} />)
            )}
          </TableBody>
        </VisibleColumnsContext>
      </Table>
    </TableContainer>
  );
};
