import { useContext } from 'react';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import { VisibleColumnsContext } from './useListColumns';

/** A row's cell in `column`: left out when the admin has hidden that column (ColumnChooser). */
export const ColumnCell = ({ column, ...props }: TableCellProps & { column: string }) => {
  const visible = useContext(VisibleColumnsContext);
  return visible && !visible.includes(column) ? null : <TableCell {...props} />;
};
