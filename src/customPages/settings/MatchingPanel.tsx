import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { type MatchingSettings, whatIf } from '@/contract/matching';
import { translatedErrorText } from '@/dataProvider/errorText';
import { useCalibrationDate, usePercent } from '@/resources/dictionary';
import { LONG_BANNER_MS, useBanner } from '@/shared/useBanner';
import { isVersionConflict, VersionConflictAlert } from '@/shared/VersionConflict';
import { LabelledWhatIf } from './LabelledWhatIf';
import { LandmineThresholdPanel } from './LandmineThresholdPanel';
import { type CandidateValues, ThresholdInput, thresholdOf, valuesOf } from './ThresholdInput';
import { TryPhraseAtThreshold } from './TryPhraseAtThreshold';
import { useMatchingWrites } from './useMatchingWrites';
import { type SettingsReload, useTheirsOnReload } from './useVersionedSettingsForm';

type Action = 'save' | 'useCalibrated' | 'recalibrate';
const FAILED: Record<Action, string> = {
  save: 'app.matching.saveFailed',
  useCalibrated: 'app.matching.useCalibratedFailed',
  recalibrate: 'app.matching.recalibrateFailed',
};

interface MatchingPanelProps {
  /** The settings as read (and read again every 2 s while embeddings are pending). */
  settings: MatchingSettings;
  /** The card's refresh failed: the settings may be out of date, so the saves stay off. */
  stale: boolean;
  /** The card's refetch (one query, so the card and this panel see the same settings). */
  onReload: SettingsReload<MatchingSettings>;
}

/**
 * The threshold in force and where it comes from; a slider and a number field to try another,
 * with its effect computed in the browser from the calibration's leave-one-out sample
 * (contract's whatIf) beside the effect of the current one; and the three writes. A save
 * carries the version the settings were read at (docs/api.md "Versions").
 */
export const MatchingPanel = ({ settings, stale, onReload }: MatchingPanelProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const calibrationDate = useCalibrationDate();
  const { version, setVersion, theirs, setTheirs, reload } = useTheirsOnReload(settings, onReload);
  // until the admin tries another threshold, the candidate follows the one in force (a calibration that lands meanwhile)
  const { control, watch, setValue, reset } = useForm<CandidateValues>({
    values: valuesOf(settings.threshold),
    resetOptions: { keepDirtyValues: true },
  });
  const [candidate, typed] = watch(['candidate', 'typed']);
  const { banner, success, clear } = useBanner();
  const { update, calibrate, busy } = useMatchingWrites();

  const valid = thresholdOf(typed) !== null;
  const failure = calibrate.error ?? update.error;
  const action: Action = calibrate.isError ? 'recalibrate' : update.variables?.threshold === null ? 'useCalibrated' : 'save';
  const conflict = failure !== null && isVersionConflict(failure);
  const failedText = failure && translatedErrorText(failure, FAILED[action], translate);

  const start = () => {
    clear();
    update.reset();
    calibrate.reset();
  };
  const done = (message: string) => (saved: MatchingSettings) => {
    setVersion(saved.version);
    setTheirs(null);
    reset(valuesOf(saved.threshold));
    success(message, LONG_BANNER_MS);
  };

  const save = () => {
    start();
    update.mutate({ threshold: candidate, version }, { onSuccess: done('app.matching.saved') });
  };
  const backToCalibrated = () => {
    start();
    update.mutate({ threshold: null, version }, { onSuccess: done('app.matching.usingCalibrated') });
  };
  const recalibrate = () => {
    start();
    calibrate.mutate(undefined, { onSuccess: done('app.matching.recalibrated') });
  };

  const currentText = () => {
    const values = { percent: percent(settings.threshold) };
    if (settings.source === 'admin') return translate('app.matching.current.admin', values);
    if (settings.source === 'default') return translate('app.matching.current.default', values);
    return settings.calibratedAt
      ? translate('app.matching.current.calibrated', { ...values, date: calibrationDate(settings.calibratedAt) })
      : translate('app.matching.current.calibratedUndated', values);
  };
  const effect = (key: string, threshold: number) => {
    if (!settings.sample) return null;
    const { ownRate, wrongRate } = whatIf(settings.sample, threshold, settings.margin);
    return translate(key, { percent: percent(threshold), own: percent(ownRate), other: percent(wrongRate) });
  };
  const unchanged = Math.abs(candidate - settings.threshold) < 1e-9;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflict && (
        <VersionConflictAlert
          key={update.submittedAt}
          onReload={reload}
          theirs={
            theirs &&
            translate('app.matching.theirs', {
              percent: percent(theirs.threshold),
              source: translate(`app.matching.sources.${theirs.source}`),
            })
          }
        />
      )}
      {failedText && !conflict && <Alert severity="error">{failedText}</Alert>}
      {banner && <Alert severity="success">{translate(banner.message)}</Alert>}

      <Box>
        <Typography data-testid="matching-model">{translate('app.matching.model', { model: settings.model })}</Typography>
        <Typography data-testid="matching-current">{currentText()}</Typography>
        {settings.source === 'admin' && settings.calibratedThreshold !== null && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.matching.calibratedThreshold', { percent: percent(settings.calibratedThreshold) })}
          </Typography>
        )}
        {settings.calibratedAt && settings.texts > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.matching.calibrationSize', { texts: settings.texts, items: settings.items })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {translate('app.matching.margin', { points: Math.round(settings.margin * 100) })}
        </Typography>
      </Box>
      {settings.pending > 0 && (
        <Alert severity="info" data-testid="matching-pending">
          {translate('app.matching.pending', { smart_count: settings.pending })}
        </Alert>
      )}

      <ThresholdInput
        control={control}
        setValue={setValue}
        candidate={candidate}
        valid={valid}
        labels={{ slider: 'app.matching.candidate', field: 'app.matching.candidateField' }}
      />

      <Box data-testid="matching-what-if" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h3" variant="subtitle2">
          {translate('app.matching.whatIf.title')}
        </Typography>
        {settings.sample ? (
          <>
            {/* announced as the slider moves: the effect is what the admin is looking for */}
            {!unchanged && (
              <Typography variant="body2" aria-live="polite" data-testid="matching-what-if-candidate" sx={{ opacity: valid ? 1 : 0.6 }}>
                {effect('app.matching.whatIf.candidate', candidate)}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" data-testid="matching-what-if-current">
              {effect('app.matching.whatIf.current', settings.threshold)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.matching.whatIf.noSample')}
          </Typography>
        )}
        <LabelledWhatIf
          sample={settings.labelSample}
          used={settings.labelsUsed}
          now={settings.labelsNow.customer}
          candidate={candidate}
          current={settings.threshold}
          margin={settings.margin}
          valid={valid}
        />
        <TryPhraseAtThreshold speaker="customer" threshold={candidate} valid={valid} />
      </Box>

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={save} disabled={!valid || busy || stale || unchanged}>
          {translate(update.isPending && update.variables?.threshold !== null ? 'app.matching.saving' : 'app.matching.save')}
        </Button>
        {settings.source === 'admin' && (
          <Button variant="outlined" onClick={backToCalibrated} disabled={busy || stale}>
            {translate('app.matching.useCalibrated')}
          </Button>
        )}
        <Button variant="outlined" onClick={recalibrate} disabled={busy || settings.pending > 0}>
          {translate(calibrate.isPending ? 'app.matching.recalibrating' : 'app.matching.recalibrate')}
        </Button>
      </Box>

      <LandmineThresholdPanel
        settings={settings}
        stale={stale}
        version={version}
        onSaved={(saved) => setVersion(saved.version)}
        onReload={reload}
      />
    </Box>
  );
};
