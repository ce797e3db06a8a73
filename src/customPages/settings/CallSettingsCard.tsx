import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { ABANDON_AFTER_BOUNDS, type CallSettingsData, callSettingsFormSchema } from '@/contract/callEnd';
import { translatedErrorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { SettingsCard } from './SettingsCard';

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
  onReload: () => Promise<{ data?: CallSettingsData; isError: boolean }>;
}

/** As the speech-rate form: the number kept as typed, a save carries its version (docs/api.md "Versions"). */
const CallSettingsForm = ({ initial, stale, onReload }: CallSettingsFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(initial.version);
  const [theirs, setTheirs] = useState<CallSettingsData | null>(null);
  const { banner: saved, success, clear } = useBanner();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(callSettingsFormSchema),
    defaultValues: { abandonAfterMinutes: String(initial.abandonAfterMinutes) },
    mode: 'onChange',
  });
  const save = useMutation({
    mutationFn: (abandonAfterMinutes: number) => dataProvider.updateCallSettings({ abandonAfterMinutes, version }),
    onSuccess: (data) => {
      queryClient.setQueryData(CALL_SETTINGS_KEY, data);
      setVersion(data.version);
      success('app.callEnd.settings.saved', LONG_BANNER_MS);
    },
  });
  const conflict = save.isError && isVersionConflict(save.error);
  const submit = handleSubmit((values) => {
    clear();
    save.reset();
    save.mutate(values.abandonAfterMinutes);
  });
  const reload = async () => {
    const result = await onReload();
    if (!result.data || result.isError) return false;
    setVersion(result.data.version);
    setTheirs(result.data);
    return true;
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflict && (
        <VersionConflictAlert
          key={save.submittedAt}
          onReload={reload}
          theirs={theirs && translate('app.callEnd.settings.theirs', { minutes: theirs.abandonAfterMinutes })}
        />
      )}
      {save.isError && !conflict && (
        <Alert severity="error">{translatedErrorText(save.error, 'app.callEnd.settings.saveFailed', translate)}</Alert>
      )}
      {saved && <Alert severity="success">{translate(saved.message)}</Alert>}
      <Controller
        name="abandonAfterMinutes"
        control={control}
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
        <Button variant="contained" onClick={() => void submit()} disabled={!formState.isValid || save.isPending || stale}>
          {translate(save.isPending ? 'app.callEnd.settings.saving' : 'app.callEnd.settings.save')}
        </Button>
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
