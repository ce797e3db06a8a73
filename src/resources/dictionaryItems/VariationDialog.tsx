import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { variationCreateSchema } from '@/contract/dictionary';
import type { DictionaryItem } from './dictionaryTypes';

interface VariationDialogProps {
  parent: DictionaryItem;
  onClose: () => void;
  onSave: (question: string) => Promise<boolean>;
}

/** spec 5: a variation needs only its question; it shares the original's answer. */
export const VariationDialog = ({ parent, onClose, onSave }: VariationDialogProps) => {
  const translate = useTranslate();
  const [question, setQuestion] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    const saved = await onSave(question.trim());
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.dictionary.form.addVariationTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.dictionary.form.addVariationFor', { question: parent.question })}
        </Typography>
        <TextField
          label={translate('app.dictionary.form.question')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          required
          multiline
          autoFocus
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dictionary.form.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!variationCreateSchema.safeParse({ question }).success || saving}>
          {translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
