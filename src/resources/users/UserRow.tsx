import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatDay, useDateLocale } from '@/i18n/dateFormat';
import { ColumnCell } from '@/shared/ColumnCell';
import type { RowSelection } from '@/shared/useRowSelection';
import { useIsOwnAccount } from './useIsOwnAccount';
import { UserCallsLink, UserInsightsLink } from './UserCallsLink';
import { UserRestoreButton } from './UserRestoreButton';
import { UserSelectCell } from './UserSelectCell';
import { UserToggleSwitch } from './UserToggleSwitch';
import type { UserDialogState, UserRecord } from './userTypes';

interface UserRowProps {
  user: UserRecord;
  onOpen: (dialog: NonNullable<UserDialogState>) => void;
  selection: RowSelection;
}

/** Beyond the spec (an outsider can sign up with a colleague's address), inside the Email cell so the spec's columns stay. */
const VerifiedChip = ({ verified }: { verified: boolean | null | undefined }) => {
  const translate = useTranslate();
  if (verified === null || verified === undefined) return null;
  // "Not verified" keeps the text colour: the warning colour would not hold 4.5:1 as text.
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={verified ? <VerifiedIcon /> : <ReportProblemOutlinedIcon />}
      label={translate(verified ? 'app.users.verification.verified' : 'app.users.verification.notVerified')}
      color={verified ? 'success' : 'default'}
    />
  );
};

/** spec 2 */
export const UserRow = ({ user, onOpen, selection }: UserRowProps) => {
  const translate = useTranslate();
  const locale = useDateLocale();
  const RoleIcon = user.role === 'admin' ? AdminPanelSettingsIcon : PersonIcon;
  const own = useIsOwnAccount()(user);
  const action = (kind: 'edit' | 'resetPassword' | 'delete', Icon: typeof EditIcon, refusedKey?: string) => {
    const label = translate(`app.users.actions.${kind}`);
    return refusedKey ? (
      <Tooltip title={translate(refusedKey)}>
        <span>
          <IconButton size="small" aria-label={label} disabled>
            <Icon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    ) : (
      <Tooltip title={label}>
        <IconButton size="small" onClick={() => onOpen({ kind, user })}>
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  };
  return (
    <TableRow hover selected={selection.isSelected(user.id)}>
      <UserSelectCell user={user} own={own} selection={selection} />
      <ColumnCell column="user">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <RoleIcon color={user.role === 'admin' ? 'primary' : 'action'} fontSize="small" />
          {user.name.trim() !== '' ? (
            user.name
          ) : (
            <Tooltip title={translate('app.users.noName')}>
              <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                {user.email.split('@')[0]}
              </Box>
            </Tooltip>
          )}
        </Box>
      </ColumnCell>
      <ColumnCell column="email">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {user.email}
          <VerifiedChip verified={user.emailVerified} />
        </Box>
      </ColumnCell>
      <ColumnCell column="role">
        <Chip size="small" label={translate(`app.users.filters.${user.role}`)} color={user.role === 'admin' ? 'primary' : 'default'} />
      </ColumnCell>
      <ColumnCell column="status">
        <Chip
          size="small"
          label={translate(`app.users.filters.${user.deletedAt ? 'deleted' : user.isActive ? 'active' : 'inactive'}`)}
          color={user.isActive ? 'success' : 'default'}
        />
      </ColumnCell>
      <ColumnCell column="lastLogin">{user.lastLogin ? formatDateTime(user.lastLogin, locale) : translate('app.users.never')}</ColumnCell>
      <ColumnCell column="created">{formatDay(user.createdAt, locale)}</ColumnCell>
      <ColumnCell column="actions" sx={{ whiteSpace: 'nowrap' }}>
        <UserCallsLink user={user} />
        <UserInsightsLink user={user} />
        {user.deletedAt ? (
          <UserRestoreButton user={user} />
        ) : (
          <>
            {action('edit', EditIcon)}
            {action('resetPassword', LockResetIcon)}
            <UserToggleSwitch user={user} own={own} />
            {action('delete', DeleteIcon, own ? 'app.users.self.delete' : undefined)}
          </>
        )}
      </ColumnCell>
    </TableRow>
  );
};
