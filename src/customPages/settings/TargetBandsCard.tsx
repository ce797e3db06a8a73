import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { TARGET_BAND_METRICS, type TargetBandMetric, type TargetBands } from '@/contract/insights';
import {
  TARGET_BAND_MESSAGES,
  type TargetBandsData,
  type TargetBandsFormValues,
  targetBandShownBounds,
  targetBandsFormSchema,
  targetBandsToForm,
} from '@/contract/targetBands';
import { translatedErrorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { SettingsCard } from './SettingsCard';

const TARGET_BANDS_KEY = ['targetBands'];

const MESSAGES = {
  title: 'app.targetBands.title',
  description: 'app.targetBands.description',
  loading: 'app.targetBands.loading',
  loadFailed: 'app.targetBands.loadFailed',
  retry: 'app.targetBands.retry',
  stale: 'app.targetBands.stale',
};

const errorKeyOf = (message: string | undefined) =>
  (Object.keys(TARGET_BAND_MESSAGES) as (keyof typeof TARGET_BAND_MESSAGES)[]).find((key) => TARGET_BAND_MESSAGES[key] === message);

interface TargetBandsFormProps {
  initial: TargetBandsData;
  stale: boolean;
  onReload: () => Promise<{ data?: TargetBandsData; isError: boolean }>;
}

/** As the call settings' form: each end kept as typed (empty: open), a save carries its version (docs/api.md "Versions"). */
const TargetBandsForm = ({ initial, stale, onReload }: TargetBandsFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(initial.version);
  const [theirs, setTheirs] = useState<TargetBandsData | null>(null);
  const { banner: saved, success, clear } = useBanner();
  const { control, handleSubmit, formState, reset } = useForm<TargetBandsFormValues, unknown, TargetBands>({
    resolver: zodResolver(targetBandsFormSchema),
    defaultValues: targetBandsToForm(initial.bands),
    mode: 'onChange',
  });
  const save = useMutation({
    mutationFn: (bands: TargetBands) => dataProvider.updateTargetBands({ ...bands, version }),
    onSuccess: (data) => {
      queryClient.setQueryData(TARGET_BANDS_KEY, data);
      setVersion(data.version);
      success('app.targetBands.saved', LONG_BANNER_MS);
    },
  });
  const conflict = save.isError && isVersionConflict(save.error);
  const submit = handleSubmit((bands) => {
    clear();
    save.reset();
    save.mutate(bands);
  });
  const reload = async () => {
    const result = await onReload();
    if (!result.data || result.isError) return false;
    setVersion(result.data.version);
    setTheirs(result.data);
    return true;
  };
  const bandText = (metric: TargetBandMetric, bands: TargetBands) => {
    const shown = targetBandsToForm(bands)[metric];
    return translate('app.targetBands.band', {
      metric: translate(`app.targetBands.metrics.${metric}`),
      min: shown.min || '-',
      max: shown.max || '-',
    });
  };
  const endField = (metric: TargetBandMetric, end: 'min' | 'max') => (
    <Controller
      key={end}
      name={`${metric}.${end}`}
      control={control}
      rules={{ deps: [`${metric}.${end === 'min' ? 'max' : 'min'}`] }}
      render={({ field: { ref, ...field }, fieldState }) => {
        const errorKey = errorKeyOf(fieldState.error?.message);
        return (
          <TextField
            {...field}
            inputRef={ref}
            label={translate(`app.targetBands.${end}`, { metric: translate(`app.targetBands.metrics.${metric}`) })}
            type="number"
            size="small"
            error={fieldState.invalid}
            helperText={
              errorKey
                ? translate(`app.targetBands.errors.${errorKey}`, targetBandShownBounds(metric))
                : translate('app.targetBands.helper', targetBandShownBounds(metric))
            }
            slotProps={{ htmlInput: { ...targetBandShownBounds(metric), step: 'any' } }}
            sx={{ width: 220 }}
          />
        );
      }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflict && (
        <VersionConflictAlert
          key={save.submittedAt}
          onReload={reload}
          theirs={theirs && TARGET_BAND_METRICS.map((metric) => bandText(metric, theirs.bands)).join('; ')}
        />
      )}
      {save.isError && !conflict && (
        <Alert severity="error">{translatedErrorText(save.error, 'app.targetBands.saveFailed', translate)}</Alert>
      )}
      {saved && <Alert severity="success">{translate(saved.message)}</Alert>}
      {TARGET_BAND_METRICS.map((metric) => (
        <Box key={metric} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {translate(`app.targetBands.metrics.${metric}`)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {endField(metric, 'min')}
            {endField(metric, 'max')}
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary">
        {translate('app.targetBands.defaults', {
          bands: TARGET_BAND_METRICS.map((metric) => bandText(metric, initial.defaults)).join('; '),
        })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button variant="contained" onClick={() => void submit()} disabled={!formState.isValid || save.isPending || stale}>
          {translate(save.isPending ? 'app.targetBands.saving' : 'app.targetBands.save')}
        </Button>
        <Button onClick={() => reset(targetBandsToForm(initial.defaults), { keepDefaultValues: true })} disabled={save.isPending}>
          {translate('app.targetBands.useDefaults')}
        </Button>
      </Box>
    </Box>
  );
};

/** The ranges the Insights flag each rep's figures against (docs/insights.md "Target bands"). */
export const TargetBandsCard = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = useQuery({ queryKey: TARGET_BANDS_KEY, queryFn: () => dataProvider.getTargetBands() });
  return (
    <SettingsCard messages={MESSAGES} query={query}>
      {(data, stale) => <TargetBandsForm initial={data} stale={stale} onReload={query.refetch} />}
    </SettingsCard>
  );
};
