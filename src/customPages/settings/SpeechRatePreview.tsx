import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { type Control, useWatch } from 'react-hook-form';
import { speechRateFormSchema, type SpeechRateFormValues, type SpeechRateSettings } from '@/contract';
import { translatedErrorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { useDebouncedValue } from '@/shared/useDebouncedValue';

/** null while a field is empty or out of bounds. */
const settingsOf = (values: SpeechRateFormValues): SpeechRateSettings | null => {
  const parsed = speechRateFormSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
};

/** Asked once typing pauses; nothing is saved. */
export const SpeechRatePreview = ({ control }: { control: Control<SpeechRateFormValues, unknown, SpeechRateSettings> }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [enabled, time_window, max_words] = useWatch({ control, name: ['enabled', 'time_window', 'max_words'] });
  const typed = settingsOf({ enabled, time_window, max_words });
  const settled = useDebouncedValue(typed ? JSON.stringify(typed) : null);
  const settings = settled ? (JSON.parse(settled) as SpeechRateSettings) : null;
  const { data, isFetching, isError, error } = useQuery({
    queryKey: ['speechRate', 'preview', settled],
    queryFn: () => dataProvider.previewSpeechRate(settings!),
    enabled: settings !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!typed) return null;
  const waiting = isFetching || settled !== JSON.stringify(typed);
  const failed = translatedErrorText(error, 'app.settings.speechRatePreview.failed', translate);
  const sentence = () => {
    if (!data) return null;
    if (data.sessions === 0) return translate('app.settings.speechRatePreview.noSessions');
    return translate(settings?.enabled === false ? 'app.settings.speechRatePreview.disabled' : 'app.settings.speechRatePreview.result', {
      ...data,
      smart_count: data.alerts,
    });
  };

  return (
    <Box data-testid="speech-rate-preview" aria-live="polite" aria-busy={waiting} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="h3" variant="subtitle2">
        {translate('app.settings.speechRatePreview.title')}
      </Typography>
      {waiting && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{translate('app.settings.speechRatePreview.loading')}</Typography>
        </Box>
      )}
      {isError && !waiting ? (
        <Alert severity="error">{failed}</Alert>
      ) : (
        data && (
          <Typography variant="body2" sx={{ opacity: waiting ? 0.6 : 1 }}>
            {sentence()}
          </Typography>
        )
      )}
    </Box>
  );
};
