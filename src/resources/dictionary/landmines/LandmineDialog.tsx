import { type ReactNode, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CreateBase, EditBase, useSaveContext, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { type LandmineCreate, landmineCreateSchema } from '@/contract/landmines';
import type { Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { useSaveOutcome } from '@/resources/dictionary/items/useSaveOutcome';
import { FormDialog } from '@/shared/FormDialog';
import { VersionConflictAlert } from '@/shared/VersionConflict';
import { landmineResolver, toLandmineBody, toLandmineForm } from './landmineForm';
import { LandmineInputs } from './LandmineInputs';

const canSaveLandmine = (values: FieldValues) => landmineCreateSchema.safeParse(values).success;

/** spec 7 has no GET of one landmine: the row as listed is what the edit starts from. */
const NO_READ = { enabled: false } as const;

interface LandmineFormDialogProps {
  title: string;
  landmine?: Landmine;
  outcome: ReturnType<typeof useSaveOutcome>;
  onClose: () => void;
  conflictAlert?: ReactNode;
}

const LandmineFormDialog = ({ title, landmine, outcome, onClose, conflictAlert }: LandmineFormDialogProps) => {
  const translate = useTranslate();
  const { save, saving = false } = useSaveContext();
  const [values] = useState(() => toLandmineForm(landmine));
  return (
    <FormDialog
      title={title}
      submitLabel={translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
      cancelLabel="app.dictionary.form.cancel"
      maxWidth="md"
      pending={saving}
      error={outcome.error}
      onDismissError={outcome.dismissError}
      onClose={onClose}
      record={values}
      resolver={landmineResolver}
      canSubmit={canSaveLandmine}
      onSubmit={(data: FieldValues) => {
        outcome.start();
        return save?.(data);
      }}
    >
      {conflictAlert}
      <LandmineInputs />
    </FormDialog>
  );
};

interface LandmineDialogProps {
  landmine?: Landmine;
  onClose: () => void;
  onReload?: () => Promise<Landmine | null>;
}

/** spec 4: the status is the server's default. */
const AddLandmineDialog = ({ onClose }: LandmineDialogProps) => {
  const translate = useTranslate();
  const outcome = useSaveOutcome({
    successKey: 'app.dictionary.success.landmineAdded',
    failureKey: 'app.dictionary.errors.saveLandmine',
    onSaved: onClose,
  });
  return (
    <CreateBase
      resource="landmines"
      redirect={false}
      transform={(data: FieldValues) => toLandmineBody(data as LandmineCreate)}
      mutationOptions={outcome.mutationOptions}
    >
      <LandmineFormDialog title={translate('app.dictionary.landmine.addTitle')} outcome={outcome} onClose={onClose} />
    </CreateBase>
  );
};

/** docs/api.md "Versions": after a conflict, from the reloaded version, the typed values kept. */
const EditLandmineDialog = ({ landmine, onClose, onReload }: LandmineDialogProps & { landmine: Landmine }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [base, setBase] = useState({ version: landmine.version, isActive: landmine.isActive });
  const [theirs, setTheirs] = useState<Landmine | null>(null);
  const outcome = useSaveOutcome({
    successKey: 'app.dictionary.success.landmineUpdated',
    failureKey: 'app.dictionary.errors.saveLandmine',
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: ['landmines'] });
      onClose();
    },
  });
  const reload = async () => {
    const latest = (await onReload?.()) ?? null;
    if (latest) {
      setBase({ version: latest.version, isActive: latest.isActive });
      setTheirs(latest);
    }
    return latest !== null;
  };
  return (
    <EditBase
      resource="landmines"
      id={landmine.id}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={NO_READ}
      transform={(data: FieldValues) => ({ ...toLandmineBody(data as LandmineCreate), ...base })}
      mutationOptions={outcome.mutationOptions}
    >
      <LandmineFormDialog
        title={translate('app.dictionary.landmine.editTitle')}
        landmine={landmine}
        outcome={outcome}
        onClose={onClose}
        conflictAlert={
          outcome.conflict !== null && (
            <VersionConflictAlert
              key={outcome.conflict}
              onReload={reload}
              theirs={theirs && translate('app.dictionary.landmine.theirs', theirs)}
            />
          )
        }
      />
    </EditBase>
  );
};

/** spec 5 */
export const LandmineDialog = (props: LandmineDialogProps) =>
  props.landmine ? <EditLandmineDialog {...props} landmine={props.landmine} /> : <AddLandmineDialog {...props} />;
