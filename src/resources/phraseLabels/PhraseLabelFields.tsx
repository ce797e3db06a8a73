import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useDelete, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/shared/paths';

interface FieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
}

/** The call a phrase was said in, opened on its timeline. */
export const LabelCallField = ({ source }: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const sessionId = String(record[source]);
  return (
    <Link
      component={RouterLink}
      to={`${PATHS.sessions}/${encodeURIComponent(sessionId)}`}
      onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}
      aria-label={translate('app.phraseLabels.openCall', { sessionId })}
    >
      {sessionId}
    </Link>
  );
};

/** Undo: the label is deleted (audited), and the list reads again. */
export const LabelUndoField = (_: FieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const undo = (event: { stopPropagation: () => void }) => {
    event.stopPropagation();
    void remove(
      'phraseLabels',
      { id: record.id, previousData: record },
      {
        onSuccess: () => notify('app.phraseLabels.undone', { type: 'info' }),
        onError: () => notify('app.phraseLabels.undoFailed', { type: 'error' }),
      },
    );
  };
  return (
    <Button
      size="small"
      onClick={undo}
      disabled={isPending}
      aria-label={translate('app.phraseLabels.undoLabel', { text: String(record.text ?? '') })}
    >
      {translate('app.phraseLabels.undo')}
    </Button>
  );
};
