import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { SPEECH_RATE_BOUNDS, speechRateSettingsSchema, type SpeechRateSettings } from '@/contract';
import { messageText } from '@/dataProvider/errorText';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { useSaveSpeechRateSettings } from '@/shared/useSpeechRateSettings';

type NumberField = 'time_window' | 'max_words';

/** The editable speech-rate settings; numbers are kept as typed so a field can be cleared. */
export const SpeechRateForm = ({ initial }: { initial: SpeechRateSettings }) => {
  const translate = useTranslate();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [values, setValues] = useState({ time_window: String(initial.time_window), max_words: String(initial.max_words) });
  // spec 8: the success banner vanishes after 5 s; it holds the i18n key, translated when shown
  const { banner: saved, success, clear } = useBanner();

  const parsed = speechRateSettingsSchema.safeParse({
    enabled,
    time_window: values.time_window.trim() === '' ? Number.NaN : Number(values.time_window),
    max_words: values.max_words.trim() === '' ? Number.NaN : Number(values.max_words),
  });
  const invalidFields = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));

  const save = useSaveSpeechRateSettings({ onSuccess: () => success('app.settings.speechRate.saved', LONG_BANNER_MS) });

  const saveError = messageText(save.error, 'app.settings.speechRate.saveFailed');

  const handleSave = () => {
    if (!parsed.success) return;
    clear();
    save.reset();
    save.mutate(parsed.data);
  };

  const numberField = (name: NumberField, labelKey: string, helperKey: string) => (
    <TextField
      label={translate(labelKey)}
      type="number"
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      disabled={!enabled}
      error={invalidFields.has(name)}
      helperText={translate(helperKey, SPEECH_RATE_BOUNDS[name])}
      slotProps={{ htmlInput: { ...SPEECH_RATE_BOUNDS[name], step: 1 } }}
      fullWidth
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {save.isError && <Alert severity="error">{translate(saveError, { _: saveError })}</Alert>}
      {saved && <Alert severity="success">{translate(saved.message)}</Alert>}
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
        label={translate('app.settings.speechRate.enabled')}
      />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
        {numberField('time_window', 'app.settings.speechRate.timeWindow', 'app.settings.speechRate.timeWindowHelper')}
        {numberField('max_words', 'app.settings.speechRate.maxWords', 'app.settings.speechRate.maxWordsHelper')}
      </Box>
      <Box>
        <Button variant="contained" onClick={handleSave} disabled={!parsed.success || save.isPending}>
          {translate(save.isPending ? 'app.settings.speechRate.saving' : 'app.settings.speechRate.save')}
        </Button>
      </Box>
    </Box>
  );
};
