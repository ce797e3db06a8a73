import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useListContext, useTranslate } from 'react-admin';
import { listColumnsOf } from '@/resources/generic/fromDeclaration';
import { useListColumns, VisibleColumnsContext } from '@/shared/useListColumns';
import { SESSION_FIELDS } from './sessionFields';
import { SessionRow } from './SessionRow';
import type { SessionRecord } from './sessionTypes';

/** The columns the toolbar's chooser offers, from the declared fields: the session's name and id, and View Details, always stay. */
export const SESSION_COLUMNS = listColumnsOf(SESSION_FIELDS, { actions: 'app.sessions.columns.actions' });

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
                {translate(SESSION_COLUMNS.label(column))}
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
