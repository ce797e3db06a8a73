import { useState, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { DEFAULT_ORIGINAL_CATEGORY, DEFAULT_VARIATION_CATEGORY, dictionaryItemUpdateSchema } from '@/contract/dictionary';
import type { DictionaryResource } from '@/dataProvider/types';
import type { DictionaryItem, Variation } from './dictionaryTypes';

export interface ItemFormValues {
  question: string;
  answer: string;
  category: string;
}

/** What the item dialog adds or edits: a new original, an original, or a variation of `parent`. */
export type ItemDialogTarget =
  | { kind: 'add' }
  | { kind: 'edit'; item: DictionaryItem }
  | { kind: 'editVariation'; variation: Variation; parent: DictionaryItem };

/** spec 4: the category is never edited: Original by default, Variation for variations. */
const initialValues = (target: ItemDialogTarget): ItemFormValues => {
  if (target.kind === 'add') return { question: '', answer: '', category: DEFAULT_ORIGINAL_CATEGORY };
  if (target.kind === 'edit')
    return { question: target.item.question, answer: target.item.answer, category: target.item.category || DEFAULT_ORIGINAL_CATEGORY };
  return {
    question: target.variation.question,
    answer: target.parent.answer,
    category: target.variation.category || DEFAULT_VARIATION_CATEGORY,
  };
};

const titleKey = (target: ItemDialogTarget, resource: DictionaryResource) => {
  if (target.kind === 'editVariation') return 'app.dictionary.form.editVariationTitle';
  if (target.kind === 'edit') return 'app.dictionary.form.editTitle';
  return resource === 'objections' ? 'app.dictionary.add.objections' : 'app.dictionary.add.faqs';
};

interface ItemDialogProps {
  resource: DictionaryResource;
  target: ItemDialogTarget;
  onClose: () => void;
  onSave: (values: ItemFormValues) => Promise<boolean>;
}

/** Add and edit share these inputs (spec 5: question and answer required). */
export const ItemDialog = ({ resource, target, onClose, onSave }: ItemDialogProps) => {
  const translate = useTranslate();
  const [values, setValues] = useState(() => initialValues(target));
  const [saving, setSaving] = useState(false);
  const isVariation = target.kind === 'editVariation';
  const valid = dictionaryItemUpdateSchema.safeParse(values).success;
  const change = (name: 'question' | 'answer') => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const save = async () => {
    setSaving(true);
    const saved = await onSave({ ...values, question: values.question.trim(), answer: values.answer.trim() });
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(titleKey(target, resource))}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={translate('app.dictionary.form.question')}
          value={values.question}
          onChange={change('question')}
          required
          multiline
          autoFocus
          fullWidth
        />
        <TextField
          label={translate('app.dictionary.form.answer')}
          value={values.answer}
          onChange={change('answer')}
          required
          disabled={isVariation}
          helperText={isVariation ? translate('app.dictionary.form.sharedAnswerNote') : undefined}
          multiline
          minRows={3}
          fullWidth
        />
        <TextField label={translate('app.dictionary.form.category')} value={values.category} disabled fullWidth />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dictionary.form.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!valid || saving}>
          {translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
