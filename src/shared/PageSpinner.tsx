import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { translate } from '@/i18n/translate';

/** spec 2: the full-page centred spinner shown while a screen or auth state loads. */
export const PageSpinner = () => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
    <CircularProgress aria-label={translate('app.loading')} />
  </Box>
);
