import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { SPEECH_RATE_BOUNDS, speechRateFormSchema, type SpeechRateSettings } from '@/contract';
import { translatedErrorText } from '@/dataProvider/errorText';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { SpeechRatePreview } from './SpeechRatePreview';
import { useSaveSpeechRateSettings } from '@/shared/useSpeechRateSettings';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';

type NumberField = 'time_window' | 'max_words';

interface SpeechRateFormProps {
  initial: SpeechRateSettings;
  stale?: boolean;
  /** One query, so the card and this form see the same values. */
  onReload: () => Promise<{ data?: SpeechRateSettings; isError: boolean }>;
}

/** The numbers are kept as typed so a field can be cleared; a save carries its version (docs/api.md "Versions"). */
export const SpeechRateForm = ({ initial, stale = false, onReload }: SpeechRateFormProps) => {
  const translate = useTranslate();
  const [version, setVersion] = useState(initial.version);
  const [theirs, setTheirs] = useState<SpeechRateSettings | null>(null);
  const { control, handleSubmit, formState, watch } = useForm({
    resolver: zodResolver(speechRateFormSchema),
    defaultValues: { enabled: initial.enabled, time_window: String(initial.time_window), max_words: String(initial.max_words) },
    mode: 'onChange',
  });
  const enabled = watch('enabled');
  // spec 8: the success banner vanishes after 5 s.
  const { banner: saved, success, clear } = useBanner();

  const save = useSaveSpeechRateSettings({ onSuccess: () => success('app.settings.speechRate.saved', LONG_BANNER_MS) });

  const saveError = translatedErrorText(save.error, 'app.settings.speechRate.saveFailed', translate);
  const conflict = save.isError && isVersionConflict(save.error);

  const submit = handleSubmit((values) => {
    clear();
    save.reset();
    save.mutate({ ...values, version }, { onSuccess: (saved) => setVersion(saved.version) });
  });

  const reload = async () => {
    const result = await onReload();
    if (!result.data || result.isError) return false;
    setVersion(result.data.version);
    setTheirs(result.data);
    return true;
  };
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
      {conflict && <VersionConflictAlert key={save.submittedAt} onReload={reload} theirs={theirsText} />}
      {save.isError && !conflict && <Alert severity="error">{saveError}</Alert>}
      {saved && <Alert severity="success">{translate(saved.message)}</Alert>}
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
        <Button variant="contained" onClick={() => void submit()} disabled={!formState.isValid || save.isPending || stale}>
          {translate(save.isPending ? 'app.settings.speechRate.saving' : 'app.settings.speechRate.save')}
        </Button>
      </Box>
    </Box>
  );
};
