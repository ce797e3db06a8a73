import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { type LabelSample, LABELS_MINIMUM, labelWhatIf } from '@/contract/matching';
import { usePercent } from '@/resources/dictionary';

interface LabelledWhatIfProps {
  sample: LabelSample | null;
  used: { labels: number; calls: number };
  now: { labels: number; calls: number };
  candidate: number;
  current: number;
  /** The objections' margin; landmines fire with none (their sample holds -1 where a can-say point holds one back). */
  margin: number;
  valid: boolean;
}

/**
 * docs/matching.md "Labelled phrases": what the calibration used, and what the labelled phrases of its sample do at
 * the threshold tried (right fires, wrong fires, nothing-phrases firing), beside the one in force when it differs.
 */
export const LabelledWhatIf = ({ sample, used, now, candidate, current, margin, valid }: LabelledWhatIfProps) => {
  const translate = useTranslate();
  const percent = usePercent();
  const effect = (key: string, threshold: number) => {
    const result = labelWhatIf(sample ?? [], threshold, margin);
    return translate(key, {
      percent: percent(threshold),
      right: result.right,
      withItem: result.withItem,
      wrong: result.wrong,
      nothing: result.nothing,
      nothingPhrases: result.nothingPhrases,
      smart_count: sample?.length ?? 0,
    });
  };
  const differs = Math.abs(candidate - current) >= 1e-9;
  const unused = now.labels - (sample?.length ?? 0);
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="labels-used">
        {used.labels > 0
          ? translate('app.matching.labels.used', { smart_count: used.labels, calls: used.calls })
          : translate('app.matching.labels.notYet', {
              labels: LABELS_MINIMUM.labels,
              calls: LABELS_MINIMUM.calls,
              now: now.labels,
              nowCalls: now.calls,
            })}
      </Typography>
      {sample && sample.length > 0 ? (
        <>
          {differs && (
            <Typography variant="body2" aria-live="polite" data-testid="labels-what-if-candidate" sx={{ opacity: valid ? 1 : 0.6 }}>
              {effect('app.matching.labels.candidate', candidate)}
            </Typography>
          )}
          <Typography variant="body2" color={differs ? 'text.secondary' : undefined} data-testid="labels-what-if-current">
            {effect('app.matching.labels.current', current)}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.matching.labels.none')}
        </Typography>
      )}
      {unused > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.matching.labels.since', { smart_count: unused })}
        </Typography>
      )}
    </>
  );
};
