import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { type LabelTarget, labelsOn, useCallLabels } from './callLabels';
import { LabelDialog } from './LabelDialog';
import type { Utterance } from './timeline';

/** On any utterance: what it should have fired (or nothing), each with Undo, and "Label…" to say so. */
export const UtteranceLabels = ({ utterance }: { utterance: Utterance }) => {
  const translate = useTranslate();
  const calls = useCallLabels();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!calls) return null;
  const said = labelsOn(calls.labels, utterance).filter((entry) => entry.kind === 'shouldFire' || entry.kind === 'nothing');
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const label = (target: LabelTarget) => {
    close();
    void calls.label(target);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      {said.map((entry) => (
        <Box key={entry.id} sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
          <Typography variant="body2" data-testid="utterance-label">
            {translate(`app.phraseLabels.timeline.marked.${entry.kind}`, { item: entry.itemName ?? '' })}
          </Typography>
          <Button
            size="small"
            onClick={() => void calls.undo(entry)}
            disabled={calls.busy}
            aria-label={translate('app.phraseLabels.undoLabel', { text: utterance.text })}
          >
            {translate('app.phraseLabels.undo')}
          </Button>
        </Box>
      ))}
      <Button size="small" ref={opener} onClick={() => setOpen(true)} aria-label={translate('app.phraseLabels.timeline.labelAria')}>
        {translate('app.phraseLabels.timeline.label')}
      </Button>
      {open && <LabelDialog utterance={utterance} onClose={close} onLabel={label} />}
    </Box>
  );
};
