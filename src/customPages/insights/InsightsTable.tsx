import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useGrowingCount } from '@/shared/useGrowingCount';
import { useInsightsFormat } from './useInsightsFormat';

const ROWS_PER_TASK = 25;

/** Two hundred rows with their trends fill in steps, so the first rows show at once and the page answers between steps. */
export const useRowsInSteps = <T,>(rows: readonly T[]): readonly T[] => rows.slice(0, useGrowingCount(rows.length, ROWS_PER_TASK));

export interface Column {
  label: string;
  numeric?: boolean;
}

interface InsightsTableProps {
  label: string;
  columns: readonly Column[];
  children: ReactNode;
}

/** A table wider than the card scrolls sideways in a region the keyboard can reach. */
export const InsightsTable = ({ label, columns, children }: InsightsTableProps) => (
  <TableContainer role="region" aria-label={label} tabIndex={0} sx={{ mb: 2 }}>
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, verticalAlign: 'bottom' }}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </TableContainer>
);

export const RowHeader = ({ children }: { children: ReactNode }) => (
  <TableCell component="th" scope="row" sx={{ maxWidth: 360 }}>
    {children}
  </TableCell>
);

export const NumberCell = ({ children, note }: { children: ReactNode; note?: ReactNode }) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {children}
    {note !== undefined && (
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {note}
      </Typography>
    )}
  </TableCell>
);

export const ItemName = ({ label, deleted }: { label: string; deleted: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      {label}
      {deleted && (
        <Typography component="span" variant="body2" color="text.secondary">
          {` ${translate('app.insights.deleted')}`}
        </Typography>
      )}
    </>
  );
};

/** A figure's accessible name starts with the figure as shown, and says what it counts and of what. */
export const SessionsLink = ({ to, label, children }: { to: string; label?: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to} aria-label={label}>
    {children}
  </Link>
);

interface CountLinkProps {
  count: number;
  to: string;
  /** Given the count as shown (`count`, `smart_count`) and `params`. */
  message: string;
  params?: Record<string, string>;
  note?: ReactNode;
}

/** A count in its column, linking to exactly the calls behind it. */
export const CountLinkCell = ({ count, to, message, params, note }: CountLinkProps) => {
  const translate = useTranslate();
  const format = useInsightsFormat();
  const shown = format.count(count);
  return (
    <NumberCell note={note}>
      <SessionsLink to={to} label={translate(message, { ...params, count: shown, smart_count: count })}>
        {shown}
      </SessionsLink>
    </NumberCell>
  );
};
