import { type FormEvent, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { DictionaryFormDialog } from './DictionaryFormDialog';
import { type SaveOutcome, useDialogSave } from './useDialogSave';

interface GeneratedVariationsDialogProps {
  question: string;
  suggestions: string[];
  onClose: () => void;
  onSave: (questions: string[]) => Promise<SaveOutcome>;
}

/** spec 4: the generated variations, editable, removable and addable, before anything is saved. */
export const GeneratedVariationsDialog = ({ question, suggestions, onClose, onSave }: GeneratedVariationsDialogProps) => {
  const translate = useTranslate();
  const [items, setItems] = useState(suggestions);
  const [saving, setSaving] = useState(false);
  const edit = (index: number, value: string) => setItems((current) => current.map((item, i) => (i === index ? value : item)));

  const save = useDialogSave(onClose);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    await save.run(() => onSave(items));
    setSaving(false);
  };

  return (
    <DictionaryFormDialog
      title={translate('app.dictionary.generated.title')}
      maxWidth="sm"
      error={save.error}
      onDismissError={save.dismissError}
      canSave
      saving={saving}
      saveLabelKey="app.dictionary.generated.save"
      onClose={onClose}
      onSubmit={submit}
    >
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
    </DictionaryFormDialog>
  );
};
