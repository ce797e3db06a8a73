import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import type { LandmineCreate } from '@/contract/landmines';
import { DictionaryFormDialog } from '../dictionaryItems/DictionaryFormDialog';
import type { Landmine } from '../dictionaryItems/dictionaryTypes';
import { type SaveOutcome, useDialogSave } from '../dictionaryItems/useDialogSave';
import { type LandmineBody, type LandmineFormValues, landmineResolver, toLandmineBody, toLandmineForm } from './landmineForm';
import { LandmineInputs } from './LandmineInputs';

interface LandmineDialogProps {
  /** The landmine to edit; absent when adding. */
  landmine?: Landmine;
  onClose: () => void;
  onSave: (body: LandmineBody) => Promise<SaveOutcome>;
}

/** Add and edit; the contract's create schema holds the rules (spec 5: trigger and category required, the length caps). */
export const LandmineDialog = ({ landmine, onClose, onSave }: LandmineDialogProps) => {
  const translate = useTranslate();
  const { control, handleSubmit, formState } = useForm<LandmineFormValues, unknown, LandmineCreate>({
    resolver: landmineResolver,
    defaultValues: toLandmineForm(landmine),
    mode: 'onChange',
  });
  const save = useDialogSave(onClose);

  return (
    <DictionaryFormDialog
      title={translate(landmine ? 'app.dictionary.landmine.editTitle' : 'app.dictionary.landmine.addTitle')}
      maxWidth="md"
      error={save.error}
      onDismissError={save.dismissError}
      canSave={formState.isValid}
      saving={formState.isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit((values) => save.run(() => onSave(toLandmineBody(values))))}
    >
      <LandmineInputs control={control} />
    </DictionaryFormDialog>
  );
};
