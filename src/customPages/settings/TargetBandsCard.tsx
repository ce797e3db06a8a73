import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller } from 'react-hook-form';
import { TARGET_BAND_METRICS, type TargetBandMetric, type TargetBands } from '@/contract/insights';
import {
  TARGET_BAND_MESSAGES,
  type TargetBandsData,
  targetBandShownBounds,
  targetBandsFormSchema,
  targetBandsToForm,
} from '@/contract/targetBands';
import type { PortalDataProvider } from '@/dataProvider/types';
import { SettingsCard } from './SettingsCard';
import { type SettingsReload, useVersionedSettingsForm } from './useVersionedSettingsForm';
import { VersionedSettingsAlerts, VersionedSettingsSave } from './VersionedSettingsAlerts';

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
  onReload: SettingsReload<TargetBandsData>;
}

/** As the call settings' form: each end kept as typed (empty: open). */
const TargetBandsForm = ({ initial, stale, onReload }: TargetBandsFormProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const settings = useVersionedSettingsForm({
    initial,
    onReload,
    queryKey: TARGET_BANDS_KEY,
    schema: targetBandsFormSchema,
    defaultValues: targetBandsToForm(initial.bands),
    save: (bands, version) => dataProvider.updateTargetBands({ ...bands, version }),
    savedMessage: 'app.targetBands.saved',
  });
  const { form, mutation, theirs } = settings;
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
      control={form.control}
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
      <VersionedSettingsAlerts
        settings={settings}
        theirs={theirs && TARGET_BAND_METRICS.map((metric) => bandText(metric, theirs.bands)).join('; ')}
        saveFailed="app.targetBands.saveFailed"
      />
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
        <VersionedSettingsSave
          settings={settings}
          stale={stale}
          labels={{ save: 'app.targetBands.save', saving: 'app.targetBands.saving' }}
        />
        <Button onClick={() => form.reset(targetBandsToForm(initial.defaults), { keepDefaultValues: true })} disabled={mutation.isPending}>
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
