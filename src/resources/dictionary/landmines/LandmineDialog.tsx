import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import type { LandmineCreate } from '@/contract/landmines';
import { VersionConflictAlert } from '@/shared/VersionConflict';
import { DictionaryFormDialog } from '@/resources/dictionary/items/DictionaryFormDialog';
import type { Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { type SaveOutcome, useDialogSave } from '@/resources/dictionary/items/useDialogSave';
import { type LandmineBody, type LandmineFormValues, landmineResolver, toLandmineBody, toLandmineForm } from './landmineForm';
import { LandmineInputs } from './LandmineInputs';

interface LandmineDialogProps {
  /** The landmine to edit; absent when adding. */
  landmine?: Landmine;
  onClose: () => void;
  onSave: (body: LandmineBody) => Promise<SaveOutcome>;
  /** Loads the landmine as saved now, after a 409 VERSION_CONFLICT; null when it could not be loaded. */
  onReload?: () => Promise<Landmine | null>;
}

/** Add and edit; the contract's create schema holds the rules (spec 5: trigger and category required, the length caps). */
export const LandmineDialog = ({ landmine, onClose, onSave, onReload }: LandmineDialogProps) => {
  const translate = useTranslate();
  const { control, handleSubmit, formState } = useForm<LandmineFormValues, unknown, LandmineCreate>({
    resolver: landmineResolver,
    defaultValues: toLandmineForm(landmine),
    mode: 'onChange',
  });
  const save = useDialogSave(onClose);
  // An edit starts from the version (and status) it loaded; after a conflict, from the reloaded one.
  const [base, setBase] = useState(landmine && { version: landmine.version, isActive: landmine.isActive });
  const [theirs, setTheirs] = useState<Landmine | null>(null);
  const reload = async () => {
    const latest = (await onReload?.()) ?? null;
    if (latest) {
      setBase({ version: latest.version, isActive: latest.isActive });
      setTheirs(latest);
    }
    return latest !== null;
  };

  return (
    <DictionaryFormDialog
      title={translate(landmine ? 'app.dictionary.landmine.editTitle' : 'app.dictionary.landmine.addTitle')}
      maxWidth="md"
      error={save.error}
      onDismissError={save.dismissError}
      canSave={formState.isValid}
      saving={formState.isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit((values) => save.run(() => onSave({ ...toLandmineBody(values), ...base })))}
    >
      {save.conflict !== null && (
        <VersionConflictAlert
          key={save.conflict}
          onReload={reload}
          theirs={theirs && translate('app.dictionary.landmine.theirs', theirs)}
        />
      )}
      <LandmineInputs control={control} />
    </DictionaryFormDialog>
  );
};
