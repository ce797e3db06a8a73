import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { usePageBanner } from '@/shared/PageBanner';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserToggleSwitchProps {
  user: UserRecord;
  own: boolean;
}

/** spec 4 */
export const UserToggleSwitch = ({ user, own }: UserToggleSwitchProps) => {
  const translate = useTranslate();
  const banner = usePageBanner();
  const action = useUserAction({
    run: (dataProvider, target: UserRecord) => dataProvider.toggleUser(target.id),
    success: (target) => (target.isActive ? 'app.users.success.disabled' : 'app.users.success.enabled'),
    failure: 'app.users.errors.toggle',
    refetch: true,
    onSuccess: banner.success,
    onError: banner.error,
  });
  const label = translate(user.isActive ? 'app.users.actions.disable' : 'app.users.actions.enable');
  const refused = own && user.isActive;
  // While the change is sent the switch only ignores presses: disabling it would drop the keyboard focus to the page.
  const busy = action.pending;
  return (
    <Tooltip title={refused ? translate('app.users.self.disable') : label}>
      <span>
        <Switch
          size="small"
          checked={user.isActive}
          disabled={refused}
          onChange={() => {
            if (!busy) action.submit(user);
          }}
          slotProps={{ input: { 'aria-label': label, 'aria-busy': busy || undefined } }}
        />
      </span>
    </Tooltip>
  );
};
