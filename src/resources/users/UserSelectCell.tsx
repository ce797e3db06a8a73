import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import type { RowSelection } from '@/shared/useRowSelection';
import type { UserRecord } from './userTypes';

interface UserSelectCellProps {
  user: UserRecord;
  own: boolean;
  selection: RowSelection;
}

export const UserSelectCell = ({ user, own, selection }: UserSelectCellProps) => {
  const translate = useTranslate();
  const refusedKey = user.deletedAt ? 'app.bulk.deleted.notSelectable' : own ? 'app.bulk.own' : null;
  const box = (
    <Checkbox
      size="small"
      checked={!refusedKey && selection.isSelected(user.id)}
      disabled={refusedKey !== null}
      onChange={() => selection.toggle(user.id)}
      slotProps={{ input: { 'aria-label': translate('app.bulk.selectRow', { name: user.email }) } }}
    />
  );
  return (
    <TableCell padding="checkbox">
      {refusedKey ? (
        // A disabled box gets no pointer events: the span carries the tooltip.
        <Tooltip title={translate(refusedKey)}>
          <span>{box}</span>
        </Tooltip>
      ) : (
        box
      )}
    </TableCell>
  );
};
