import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller } from 'react-hook-form';
import { ABANDON_AFTER_BOUNDS, type CallSettingsData, callSettingsFormSchema } from '@/contract/callEnd';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SettingsCard } from './SettingsCard';
import { type SettingsReload, useVersionedSettingsForm } from './useVersionedSettingsForm';
import { VersionedSettingsAlerts, VersionedSettingsSave } from './VersionedSettingsAlerts';

const CALL_SETTINGS_KEY = ['callSettings'];

const MESSAGES = {
  title: 'app.callEnd.settings.title',
  description: 'app.callEnd.settings.description',
  loading: 'app.callEnd.settings.loading',
  loadFailed: 'app.callEnd.settings.loadFailed',
  retry: 'app.callEnd.settings.retry',
  stale: 'app.callEnd.settings.stale',
};

interface CallSettingsFormProps {
  initial: CallSettingsData;
  stale: boolean;
  onReload: SettingsReload<CallSettingsData>;
}

/** As the speech-rate form: the number kept as typed. */
const CallSettingsForm = ({ initial, stale, onReload }: CallSettingsFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const settings = useVersionedSettingsForm({
    initial,
    onReload,
    queryKey: CALL_SETTINGS_KEY,
    schema: callSettingsFormSchema,
    defaultValues: { abandonAfterMinutes: String(initial.abandonAfterMinutes) },
    save: ({ abandonAfterMinutes }, version) => dataProvider.updateCallSettings({ abandonAfterMinutes, version }),
    savedMessage: 'app.callEnd.settings.saved',
  });
  const { theirs } = settings;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <VersionedSettingsAlerts
        settings={settings}
        theirs={theirs && translate('app.callEnd.settings.theirs', { minutes: theirs.abandonAfterMinutes })}
        saveFailed="app.callEnd.settings.saveFailed"
      />
      <Controller
        name="abandonAfterMinutes"
        control={settings.form.control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={translate('app.callEnd.settings.minutes')}
            type="number"
            error={fieldState.invalid}
            helperText={translate('app.callEnd.settings.minutesHelper', { ...ABANDON_AFTER_BOUNDS, default: initial.defaultMinutes })}
            slotProps={{ htmlInput: { ...ABANDON_AFTER_BOUNDS, step: 1 } }}
            sx={{ maxWidth: 360 }}
          />
        )}
      />
      <Box>
        <VersionedSettingsSave
          settings={settings}
          stale={stale}
          labels={{ save: 'app.callEnd.settings.save', saving: 'app.callEnd.settings.saving' }}
        />
      </Box>
    </Box>
  );
};

/** The silence after which a call in progress is abandoned (docs/api.md "Calls that never finished"). */
export const CallSettingsCard = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = useQuery({ queryKey: CALL_SETTINGS_KEY, queryFn: () => dataProvider.getCallSettings() });
  return (
    <SettingsCard messages={MESSAGES} query={query}>
      {(data, stale) => <CallSettingsForm initial={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
