import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { translate } from '@/i18n/translate';

/** spec 2: the global error fallback. */
export const ErrorFallback = () => (
  <Box
    role="alert"
    sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3 }}
  >
    <Typography component="h1" variant="h4">
      {translate('app.error.title')}
    </Typography>
    <Typography color="text.secondary">{translate('app.error.message')}</Typography>
    <Button variant="contained" onClick={() => window.location.reload()}>
      {translate('app.error.reload')}
    </Button>
  </Box>
);
