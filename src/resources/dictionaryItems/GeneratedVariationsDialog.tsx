import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

interface GeneratedVariationsDialogProps {
  question: string;
  suggestions: string[];
  onClose: () => void;
  onSave: (questions: string[]) => Promise<boolean>;
}

/** spec 4: the generated variations, editable, removable and addable, before anything is saved. */
export const GeneratedVariationsDialog = ({ question, suggestions, onClose, onSave }: GeneratedVariationsDialogProps) => {
  const translate = useTranslate();
  const [items, setItems] = useState(suggestions);
  const [saving, setSaving] = useState(false);
  const edit = (index: number, value: string) => setItems((current) => current.map((item, i) => (i === index ? value : item)));

  const save = async () => {
    setSaving(true);
    const done = await onSave(items);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.dictionary.generated.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle2">{question}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.dictionary.generated.intro')}
        </Typography>
        {items.map((item, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              label={translate('app.dictionary.generated.variation', { index: index + 1 })}
              value={item}
              onChange={(event) => edit(index, event.target.value)}
              multiline
              fullWidth
            />
            <IconButton
              aria-label={translate('app.dictionary.generated.remove', { index: index + 1 })}
              onClick={() => setItems((current) => current.filter((_, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => setItems((current) => [...current, ''])}>
            {translate('app.dictionary.generated.add')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dictionary.form.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.generated.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
