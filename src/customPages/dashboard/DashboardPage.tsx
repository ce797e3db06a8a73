import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { useTranslate } from 'react-admin';
import { useDashboardTokenCheck } from '@/authProvider';
import { PATHS } from '@/shared/paths';
import { useCardFigures } from './DashboardFigures';
import { NotYetAvailable } from './NotYetAvailable';

const INFO_CARDS: { key: string; Icon: SvgIconComponent }[] = [
  { key: 'aiControl', Icon: SmartToyIcon },
  { key: 'users', Icon: PeopleIcon },
  { key: 'analytics', Icon: AnalyticsIcon },
  { key: 'system', Icon: DashboardIcon },
];

// spec 2: these buttons do nothing yet
const QUICK_ACTIONS = ['configureAi', 'viewLogs', 'manageRemoteConfig', 'exportReports'];
const PLACEHOLDER_BUTTON_SX = { borderStyle: 'dashed', color: 'text.secondary', borderColor: 'divider', cursor: 'default' } as const;

/** spec 2: the landing page; while shown, the token is checked every 5 minutes. */
export const DashboardPage = () => {
  const translate = useTranslate();
  useDashboardTokenCheck();
  const figures = useCardFigures();

  return (
    <Box sx={{ py: 2 }}>
      <Typography component="h2" variant="h4" gutterBottom>
        {translate('app.dashboard.welcome')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.dashboard.subtitle')}
      </Typography>
      <Grid container spacing={3}>
        {INFO_CARDS.map(({ key, Icon }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Icon color="primary" sx={{ fontSize: 40, mb: 1 }} />
                <Typography component="h2" variant="h6" gutterBottom>
                  {translate(`app.dashboard.cards.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.dashboard.cards.${key}.description`)}
                </Typography>
                {figures[key]}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom sx={{ display: 'inline' }}>
            {translate('app.dashboard.quickActions.title')}
          </Typography>
          <NotYetAvailable id="quick-actions-note" noteKey="app.dashboard.quickActions.note" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {QUICK_ACTIONS.map((action) => (
              // focusable (aria-disabled, not disabled) so the note is read with each of them
              <Button key={action} variant="outlined" aria-disabled="true" aria-describedby="quick-actions-note" sx={PLACEHOLDER_BUTTON_SX}>
                {translate(`app.dashboard.quickActions.${action}`)}
              </Button>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

DashboardPage.path = PATHS.dashboard;
