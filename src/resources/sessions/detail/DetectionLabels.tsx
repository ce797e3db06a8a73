import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { LabelItemType } from '@/contract/phraseLabels';
import { labelsOn, useCallLabels } from './callLabels';
import type { Utterance } from './timeline';

interface DetectionLabelsProps {
  utterance: Utterance;
  item: { type: LabelItemType; id: string; name: string };
}

/** Right or Wrong on what the assistant fired for an utterance; once marked, what was said and Undo (focused, as the buttons are gone). */
export const DetectionLabels = ({ utterance, item }: DetectionLabelsProps) => {
  const translate = useTranslate();
  const calls = useCallLabels();
  const undoRef = useRef<HTMLButtonElement>(null);
  const justMarked = useRef(false);
  const marked = calls
    ? labelsOn(calls.labels, utterance).find((entry) => entry.itemId === item.id && (entry.kind === 'right' || entry.kind === 'wrong'))
    : undefined;
  useEffect(() => {
    if (marked && justMarked.current) undoRef.current?.focus();
    justMarked.current = false;
  }, [marked]);
  if (!calls) return null;
  const mark = (kind: 'right' | 'wrong') => {
    justMarked.current = true;
    void calls.label({ utterance, kind, item: { type: item.type, id: item.id } });
  };
  return (
    <Box
      role="group"
      aria-label={translate('app.phraseLabels.timeline.group')}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}
    >
      {marked ? (
        <>
          <Typography variant="body2" role="status" data-testid="detection-label">
            {translate(`app.phraseLabels.timeline.marked.${marked.kind}`)}
          </Typography>
          <Button
            size="small"
            ref={undoRef}
            onClick={() => void calls.undo(marked)}
            disabled={calls.busy}
            aria-label={translate('app.phraseLabels.undoLabel', { text: utterance.text })}
          >
            {translate('app.phraseLabels.undo')}
          </Button>
        </>
      ) : (
        (['right', 'wrong'] as const).map((kind) => (
          <Button
            key={kind}
            size="small"
            variant="outlined"
            disabled={calls.busy}
            onClick={() => mark(kind)}
            aria-label={translate(`app.phraseLabels.timeline.${kind}Aria`, { item: item.name })}
          >
            {translate(`app.phraseLabels.timeline.${kind}`)}
          </Button>
        ))
      )}
    </Box>
  );
};
