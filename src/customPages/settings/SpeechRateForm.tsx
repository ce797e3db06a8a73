import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller } from 'react-hook-form';
import { SPEECH_RATE_BOUNDS, speechRateFormSchema, type SpeechRateSettings } from '@/contract';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SPEECH_RATE_QUERY_KEY } from '@/shared/useSpeechRateSettings';
import { SpeechRatePreview } from './SpeechRatePreview';
import { type SettingsReload, useVersionedSettingsForm } from './useVersionedSettingsForm';
import { VersionedSettingsAlerts, VersionedSettingsSave } from './VersionedSettingsAlerts';

type NumberField = 'time_window' | 'max_words';

interface SpeechRateFormProps {
  initial: SpeechRateSettings;
  stale?: boolean;
  onReload: SettingsReload<SpeechRateSettings>;
}

/** The numbers are kept as typed so a field can be cleared. */
export const SpeechRateForm = ({ initial, stale = false, onReload }: SpeechRateFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const settings = useVersionedSettingsForm({
    initial,
    onReload,
    queryKey: SPEECH_RATE_QUERY_KEY,
    schema: speechRateFormSchema,
    defaultValues: { enabled: initial.enabled, time_window: String(initial.time_window), max_words: String(initial.max_words) },
    save: (values, version) => dataProvider.updateSpeechRate({ ...values, version }),
    savedMessage: 'app.settings.speechRate.saved',
  });
  const { form, theirs } = settings;
  const { control } = form;
  const enabled = form.watch('enabled');
  const theirsText =
    theirs &&
    translate('app.settings.speechRate.theirs', {
      ...theirs,
      enabled: translate(theirs.enabled ? 'app.settings.speechRate.on' : 'app.settings.speechRate.off'),
    });

  const numberField = (name: NumberField, labelKey: string, helperKey: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          label={translate(labelKey)}
          type="number"
          disabled={!enabled}
          error={fieldState.invalid}
          helperText={translate(helperKey, SPEECH_RATE_BOUNDS[name])}
          slotProps={{ htmlInput: { ...SPEECH_RATE_BOUNDS[name], step: 1 } }}
          fullWidth
        />
      )}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <VersionedSettingsAlerts settings={settings} theirs={theirsText} saveFailed="app.settings.speechRate.saveFailed" />
      <Controller
        name="enabled"
        control={control}
        render={({ field: { ref, value, onChange, ...field } }) => (
          <FormControlLabel
            control={<Switch {...field} inputRef={ref} checked={value} onChange={(event) => onChange(event.target.checked)} />}
            label={translate('app.settings.speechRate.enabled')}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        {numberField('time_window', 'app.settings.speechRate.timeWindow', 'app.settings.speechRate.timeWindowHelper')}
        {numberField('max_words', 'app.settings.speechRate.maxWords', 'app.settings.speechRate.maxWordsHelper')}
      </Box>
      <SpeechRatePreview control={control} />
      <Box>
        <VersionedSettingsSave
          settings={settings}
          stale={stale}
          labels={{ save: 'app.settings.speechRate.save', saving: 'app.settings.speechRate.saving' }}
        />
      </Box>
    </Box>
  );
};
