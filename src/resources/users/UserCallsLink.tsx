import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { filteredSessionsPath, insightRepPath } from '@/shared/paths';
import type { UserRecord } from './userTypes';

/** The user's calls: the Sessions list filtered by their address, as a link from Insights opens it. */
export const UserCallsLink = ({ user }: { user: UserRecord }) => {
  const translate = useTranslate();
  const name = user.name.trim() || user.email;
  return (
    <Tooltip title={translate('app.users.actions.calls')}>
      <IconButton
        size="small"
        component={Link}
        to={filteredSessionsPath({ rep: user.email })}
        aria-label={translate('app.users.actions.callsOf', { name })}
      >
        <HeadsetMicOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** The user's page in Insights: their coaching figures beside the team's. */
export const UserInsightsLink = ({ user }: { user: UserRecord }) => {
  const translate = useTranslate();
  const name = user.name.trim() || user.email;
  return (
    <Tooltip title={translate('app.users.actions.insights')}>
      <IconButton
        size="small"
        component={Link}
        to={insightRepPath(user.email)}
        aria-label={translate('app.users.actions.insightsOf', { name })}
      >
        <InsightsOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
