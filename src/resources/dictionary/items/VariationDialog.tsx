import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { variationCreateSchema } from '@/contract/dictionary';
import { DictionaryFormDialog } from './DictionaryFormDialog';
import { NearDuplicateWarning } from './NearDuplicateWarning';
import type { DictionaryItem } from './dictionaryTypes';
import { type SaveOutcome, useDialogSave } from './useDialogSave';

interface VariationDialogProps {
  parent: DictionaryItem;
  onClose: () => void;
  onSave: (question: string) => Promise<SaveOutcome>;
  /** The question to start from (a call's new inquiry); empty by default. */
  initialQuestion?: string;
}

/** spec 5: a variation needs only its question (the contract's rule); it shares the original's answer. */
export const VariationDialog = ({ parent, onClose, onSave, initialQuestion = '' }: VariationDialogProps) => {
  const translate = useTranslate();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(variationCreateSchema),
    defaultValues: { question: initialQuestion },
    mode: 'onChange',
  });
  const save = useDialogSave(onClose);

  return (
    <DictionaryFormDialog
      title={translate('app.dictionary.form.addVariationTitle')}
      maxWidth="sm"
      error={save.error}
      onDismissError={save.dismissError}
      canSave={formState.isValid}
      saving={formState.isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit(({ question }) => save.run(() => onSave(question)))}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('app.dictionary.form.addVariationFor', { question: parent.question })}
      </Typography>
      <Controller
        name="question"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} label={translate('app.dictionary.form.question')} required multiline autoFocus fullWidth />
        )}
      />
      <NearDuplicateWarning control={control} excludeId={String(parent.id)} />
    </DictionaryFormDialog>
  );
};
