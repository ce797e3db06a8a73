import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** spec 2: while authentication state is resolving, a full-page centred spinner. */
export const FullPageSpinner = () => (
  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
    <CircularProgress />
  </Box>
);
