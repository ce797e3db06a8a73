import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { usePageBanner } from '@/shared/PageBanner';
import type { UserRecord } from './userTypes';
import { useUserAction } from './useUserAction';

interface UserToggleSwitchProps {
  user: UserRecord;
  /** The signed-in admin's own account: the server refuses disabling it, so the switch is off limits and says why. */
  own: boolean;
}

/** spec 4: the switch enables or disables the account (POST .../toggle), then the list refetches; the outcome shows in the page's banner. */
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
  // a disabled switch gets no pointer events: the span carries the tooltip that says why.
  // While the change is sent the switch stays enabled, only ignoring presses: disabling it would
  // drop the keyboard focus to the page, far from the row the admin was on.
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
