import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { BulkActionBar } from '@/shared/BulkActionBar';
import type { RowSelection } from '@/shared/useRowSelection';
import type { UserBulkAction } from './useUserBulk';

interface UserBulkBarProps {
  selection: RowSelection;
  running: boolean;
  onRun: (action: UserBulkAction) => void;
}

/** What is selected on the Users page, with Enable and Disable for all of it. */
export const UserBulkBar = ({ selection, running, onRun }: UserBulkBarProps) => {
  const translate = useTranslate();
  return (
    <BulkActionBar selection={selection}>
      {(['enable', 'disable'] as const).map((action) => (
        <Button key={action} size="small" variant="outlined" disabled={running} onClick={() => onRun(action)}>
          {translate(action === 'enable' ? 'app.bulk.users.enable' : 'app.bulk.users.disable')}
        </Button>
      ))}
      {running && translate('app.bulk.working')}
    </BulkActionBar>
  );
};
