import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';
import { useSpeechRateSettings } from '@/shared/useSpeechRateSettings';
import { SpeechRateForm } from './SpeechRateForm';

/** spec 2: the Speech Rate Monitoring card (GET/PUT /api/speech-rate). */
export const SpeechRateCard = () => {
  const translate = useTranslate();
  const { data, isPending, isError, error, refetch, isFetching } = useSpeechRateSettings();
  // Issue 14 item 5: a refresh failed after the values loaded once: they may be stale.
  const stale = isError && data !== undefined;

  const loadError = errorText(error, 'app.settings.speechRate.loadFailed');

  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('app.settings.speechRate.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.settings.speechRate.description')}
        </Typography>
        {isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} />
            <Typography>{translate('app.settings.speechRate.loading')}</Typography>
          </Box>
        )}
        {isError && (
          <Alert
            severity={stale ? 'warning' : 'error'}
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
                {translate('app.settings.speechRate.retry')}
              </Button>
            }
          >
            {translate(loadError, { _: loadError })}
            {stale && <div>{translate('app.settings.speechRate.stale')}</div>}
          </Alert>
        )}
        {data && <SpeechRateForm initial={data} stale={stale} onReload={refetch} />}
      </CardContent>
    </Card>
  );
};
