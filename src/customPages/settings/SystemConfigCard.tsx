import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { readRuntimeConfig } from '@/config';
import { NotYetAvailable } from '@/customPages/dashboard/NotYetAvailable';

/** spec 2: non-functional; Save Settings does nothing. */
export const SystemConfigCard = () => {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom sx={{ display: 'inline' }}>
          {translate('app.settings.system.title')}
        </Typography>
        <NotYetAvailable id="system-config-note" noteKey="app.settings.placeholderNote" />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            label={translate('app.settings.system.apiEndpoint')}
            defaultValue={`${readRuntimeConfig().apiBaseUrl || window.location.origin}/api`}
            fullWidth
          />
          <TextField label={translate('app.settings.system.maxConnections')} type="number" defaultValue={100} fullWidth />
          <Box>
            <Button
              variant="outlined"
              aria-disabled="true"
              aria-describedby="system-config-note"
              sx={{ borderStyle: 'dashed', cursor: 'default' }}
            >
              {translate('app.settings.system.save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
};
