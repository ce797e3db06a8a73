import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { type Control, Controller, type UseFormSetValue } from 'react-hook-form';
import { THRESHOLD_MAX, THRESHOLD_MIN } from '@/contract/matching';
import { usePercent } from '@/resources/dictionary';

/** The bounds as whole percentages, for the number field (0.3 * 100 is not exactly 30 in floating point). */
const MIN_PERCENT = Math.round(THRESHOLD_MIN * 100);
const MAX_PERCENT = Math.round(THRESHOLD_MAX * 100);
const STEP = 0.01;

/** The typed percentage as a 0-1 threshold within the bounds, or null. */
export const thresholdOf = (typed: string): number | null => {
  if (typed.trim() === '') return null;
  const value = Number(typed);
  if (!Number.isFinite(value) || value < MIN_PERCENT || value > MAX_PERCENT) return null;
  return Math.round(value * 100) / 10_000;
};
const typedOf = (threshold: number) => String(Math.round(threshold * 100));

/** The threshold to try: the slider's exact value, and the number field's text (the candidate while it is valid). */
export interface CandidateValues {
  candidate: number;
  typed: string;
}
export const valuesOf = (threshold: number): CandidateValues => ({ candidate: threshold, typed: typedOf(threshold) });

export const tryThreshold = (setValue: UseFormSetValue<CandidateValues>, threshold: number) => {
  setValue('candidate', threshold, { shouldDirty: true });
  setValue('typed', typedOf(threshold), { shouldDirty: true });
};

interface ThresholdInputProps {
  control: Control<CandidateValues>;
  setValue: UseFormSetValue<CandidateValues>;
  candidate: number;
  valid: boolean;
  /** i18n keys of the slider's label and the number field's. */
  labels: { slider: string; field: string };
}

/** A slider and a number field (whole percentages) that move one candidate threshold together. */
export const ThresholdInput = ({ control, setValue, candidate, valid, labels }: ThresholdInputProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const sliderLabelId = useId();
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography id={sliderLabelId} variant="body2" gutterBottom>
          {translate(labels.slider)}
        </Typography>
        <Slider
          aria-labelledby={sliderLabelId}
          value={candidate}
          min={THRESHOLD_MIN}
          max={THRESHOLD_MAX}
          step={STEP}
          shiftStep={0.05}
          getAriaValueText={(value) => percent(value)}
          onChange={(_, value) => tryThreshold(setValue, value as number)}
        />
      </Box>
      <Controller
        name="typed"
        control={control}
        render={({ field: { ref, onChange, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={translate(labels.field)}
            type="number"
            onChange={(event) => {
              onChange(event.target.value);
              const threshold = thresholdOf(event.target.value);
              if (threshold !== null) setValue('candidate', threshold, { shouldDirty: true });
            }}
            error={!valid}
            helperText={translate('app.matching.candidateHelper', { min: percent(THRESHOLD_MIN), max: percent(THRESHOLD_MAX) })}
            slotProps={{ htmlInput: { min: MIN_PERCENT, max: MAX_PERCENT, step: 1 } }}
            sx={{ width: { sm: 200 } }}
          />
        )}
      />
    </Box>
  );
};
