import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
  const { data, isPending, isError, error } = useSpeechRateSettings();

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
        {isError && <Alert severity="error">{translate(loadError, { _: loadError })}</Alert>}
        {data && <SpeechRateForm initial={data} />}
      </CardContent>
    </Card>
  );
};
