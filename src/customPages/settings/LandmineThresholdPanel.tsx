import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { landmineWhatIf, type MatchingSettings } from '@/contract/matching';
import { translatedErrorText } from '@/dataProvider/errorText';
import { usePercent } from '@/resources/dictionary';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { LabelledWhatIf } from './LabelledWhatIf';
import { type CandidateValues, ThresholdInput, thresholdOf, valuesOf } from './ThresholdInput';
import { TryPhraseAtThreshold } from './TryPhraseAtThreshold';
import { useMatchingWrites } from './useMatchingWrites';

interface LandmineThresholdPanelProps {
  settings: MatchingSettings;
  stale: boolean;
  /** The version the admin read (MatchingPanel's), so a save over someone else's change is refused. */
  version: number;
  onSaved: (saved: MatchingSettings) => void;
  onReload: () => Promise<boolean>;
}

/**
 * The landmines' own threshold (docs/matching.md "The rule" 3) beside the objections' one: where
 * it comes from, another to try with the share of the landmines' own texts it would still fire,
 * and its writes (PUT /api/dictionary/matching with `landmineThreshold` only).
 */
export const LandmineThresholdPanel = ({ settings, stale, version, onSaved, onReload }: LandmineThresholdPanelProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const titleId = useId();
  const { control, watch, setValue, reset } = useForm<CandidateValues>({
    values: valuesOf(settings.landmineThreshold),
    resetOptions: { keepDirtyValues: true },
  });
  const [candidate, typed] = watch(['candidate', 'typed']);
  const { banner, success, clear } = useBanner();
  const { update } = useMatchingWrites();
  const valid = thresholdOf(typed) !== null;
  const backing = update.variables?.landmineThreshold === null;
  const failure = update.error;
  const conflict = failure !== null && isVersionConflict(failure);
  const failedText =
    failure &&
    translatedErrorText(failure, backing ? 'app.matching.landmines.useCalibratedFailed' : 'app.matching.landmines.saveFailed', translate);

  const write = (landmineThreshold: number | null, message: string) => {
    clear();
    update.reset();
    update.mutate(
      { landmineThreshold, version },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          reset(valuesOf(saved.landmineThreshold));
          success(message, LONG_BANNER_MS);
        },
      },
    );
  };
  const current = () => {
    const values = { percent: percent(settings.landmineThreshold) };
    return translate(`app.matching.landmines.current.${settings.landmineSource}`, values);
  };
  const effect = (key: string, threshold: number) =>
    settings.landmineSample &&
    translate(key, { percent: percent(threshold), own: percent(landmineWhatIf(settings.landmineSample, threshold)) });
  const unchanged = Math.abs(candidate - settings.landmineThreshold) < 1e-9;

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
      <Typography id={titleId} component="h3" variant="subtitle1">
        {translate('app.matching.landmines.title')}
      </Typography>
      {conflict && <VersionConflictAlert key={update.submittedAt} onReload={onReload} theirs={null} />}
      {failedText && !conflict && <Alert severity="error">{failedText}</Alert>}
      {banner && <Alert severity="success">{translate(banner.message)}</Alert>}
      <Box>
        <Typography data-testid="landmine-threshold-current">{current()}</Typography>
        {settings.landmineSource === 'admin' && settings.landmineCalibratedThreshold !== null && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.matching.landmines.calibratedThreshold', { percent: percent(settings.landmineCalibratedThreshold) })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {translate('app.matching.landmines.rule')}
        </Typography>
      </Box>
      <ThresholdInput
        control={control}
        setValue={setValue}
        candidate={candidate}
        valid={valid}
        labels={{ slider: 'app.matching.landmines.candidate', field: 'app.matching.landmines.candidateField' }}
      />
      <Box data-testid="landmine-what-if" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {settings.landmineSample ? (
          <>
            {!unchanged && (
              <Typography variant="body2" aria-live="polite" sx={{ opacity: valid ? 1 : 0.6 }}>
                {effect('app.matching.landmines.whatIf.candidate', candidate)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {effect('app.matching.landmines.whatIf.current', settings.landmineThreshold)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.matching.landmines.whatIf.noSample')}
          </Typography>
        )}
        <LabelledWhatIf
          sample={settings.landmineLabelSample}
          used={settings.landmineLabelsUsed}
          now={settings.labelsNow.salesperson}
          candidate={candidate}
          current={settings.landmineThreshold}
          margin={0}
          valid={valid}
        />
        <TryPhraseAtThreshold speaker="salesperson" threshold={candidate} valid={valid} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => write(candidate, 'app.matching.landmines.saved')}
          disabled={!valid || update.isPending || stale || unchanged}
        >
          {translate(update.isPending && !backing ? 'app.matching.saving' : 'app.matching.landmines.save')}
        </Button>
        {settings.landmineSource === 'admin' && (
          <Button
            variant="outlined"
            onClick={() => write(null, 'app.matching.landmines.usingCalibrated')}
            disabled={update.isPending || stale}
          >
            {translate('app.matching.landmines.useCalibrated')}
          </Button>
        )}
      </Box>
    </Box>
  );
};
