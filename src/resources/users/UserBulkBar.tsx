import { useState } from 'react';
import Button from '@mui/material/Button';
import { useListContext, useTranslate } from 'react-admin';
import { BulkActionBar } from '@/shared/BulkActionBar';
import { ConfirmDialog } from '@/shared/ConfirmDialog';
import type { RowSelection } from '@/shared/useRowSelection';
import type { UserRecord } from './userTypes';
import type { UserBulkAction } from './useUserBulk';

interface UserBulkBarProps {
  selection: RowSelection;
  running: boolean;
  onRun: (action: UserBulkAction) => void;
}

/** Disabling signs the users out at once and cannot be undone by waiting, so it asks first, naming the admins among them. */
export const UserBulkBar = ({ selection, running, onRun }: UserBulkBarProps) => {
  const translate = useTranslate();
  const rows = useListContext<UserRecord>().data ?? [];
  const [asking, setAsking] = useState(false);
  const disabling = rows.filter((user) => selection.isSelected(user.id) && user.isActive);
  const admins = disabling.filter((user) => user.role === 'admin').map((user) => user.email);

  const press = (action: UserBulkAction) => {
    if (action === 'disable' && disabling.length > 0) setAsking(true);
    else onRun(action);
  };

  return (
    <>
      <BulkActionBar selection={selection}>
        {(['enable', 'disable'] as const).map((action) => (
          <Button key={action} size="small" variant="outlined" disabled={running} onClick={() => press(action)}>
            {translate(action === 'enable' ? 'app.bulk.users.enable' : 'app.bulk.users.disable')}
          </Button>
        ))}
        {running && translate('app.bulk.working')}
      </BulkActionBar>
      {asking && (
        <ConfirmDialog
          title="app.bulk.users.confirmDisable.title"
          confirmLabel="app.bulk.users.disable"
          cancelLabel="app.bulk.users.confirmDisable.cancel"
          message={[
            translate('app.bulk.users.confirmDisable.message', { smart_count: disabling.length }),
            ...(admins.length > 0
              ? [translate('app.bulk.users.confirmDisable.admins', { smart_count: admins.length, emails: admins.join(', ') })]
              : []),
          ].join(' ')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onRun('disable');
          }}
        />
      )}
    </>
  );
};
