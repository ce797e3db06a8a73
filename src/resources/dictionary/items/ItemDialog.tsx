import { type ReactNode, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { CreateBase, EditBase, type Identifier, useSaveContext, useTranslate } from 'react-admin';
import { Controller, type FieldValues } from 'react-hook-form';
import { DEFAULT_ORIGINAL_CATEGORY, DEFAULT_VARIATION_CATEGORY, dictionaryItemUpdateSchema } from '@/contract/dictionary';
import type { DictionaryResource } from '@/dataProvider/types';
import { FormDialog } from '@/shared/FormDialog';
import { LONG_BANNER_MS } from '@/shared/useBanner';
import { VersionConflictAlert } from '@/shared/VersionConflict';
import type { DictionaryItem, Variation } from './dictionaryTypes';
import { NearDuplicateWarning } from './NearDuplicateWarning';
import { QuestionInput } from './QuestionInput';
import { useSaveOutcome } from './useSaveOutcome';

export interface ItemFormValues {
  question: string;
  answer: string;
  category: string;
}

export type LatestItem = Pick<ItemFormValues, 'question' | 'answer'> & { version?: number };

export type ItemDialogTarget =
  | { kind: 'add'; question?: string; answer?: string }
  | { kind: 'edit'; item: DictionaryItem }
  | { kind: 'editVariation'; variation: Variation; parent: DictionaryItem };

type EditTarget = Exclude<ItemDialogTarget, { kind: 'add' }>;

/** spec 4: the category is never edited. */
const initialValues = (target: ItemDialogTarget): ItemFormValues => {
  if (target.kind === 'add') return { question: target.question ?? '', answer: target.answer ?? '', category: DEFAULT_ORIGINAL_CATEGORY };
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

/** spec 5 */
const itemResolver = zodResolver(dictionaryItemUpdateSchema);
const canSaveItem = (values: FieldValues) => dictionaryItemUpdateSchema.safeParse(values).success;

/** spec 7: FAQs take question, answer and category only. */
const newItemBody = (resource: DictionaryResource, { question, answer, category }: FieldValues) =>
  resource === 'objections' ? { question, answer, category, isOriginal: true, parentId: null } : { question, answer, category };

/** spec 7 has no GET of one item: the row as listed is what the edit starts from. */
const NO_READ = { enabled: false } as const;

interface ItemFormDialogProps {
  title: string;
  values: ItemFormValues;
  outcome: ReturnType<typeof useSaveOutcome>;
  onClose: () => void;
  /** A variation's answer is its original's: shown, not edited. */
  isVariation?: boolean;
  excludeId?: Identifier;
  conflictAlert?: ReactNode;
}

const ItemFormDialog = ({ title, values, outcome, onClose, isVariation = false, excludeId, conflictAlert }: ItemFormDialogProps) => {
  const translate = useTranslate();
  const { save, saving = false } = useSaveContext();
  return (
    <FormDialog
      title={title}
      submitLabel={translate(saving ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
      cancelLabel="app.dictionary.form.cancel"
      pending={saving}
      error={outcome.error}
      onDismissError={outcome.dismissError}
      onClose={onClose}
      record={values}
      resolver={itemResolver}
      canSubmit={canSaveItem}
      onSubmit={(data: FieldValues) => {
        outcome.start();
        return save?.(data);
      }}
    >
      {conflictAlert}
      <QuestionInput />
      <NearDuplicateWarning excludeId={excludeId === undefined ? undefined : String(excludeId)} />
      <Controller
        name="answer"
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={translate('app.dictionary.form.answer')}
            required
            disabled={isVariation}
            helperText={isVariation ? translate('app.dictionary.form.sharedAnswerNote') : undefined}
            multiline
            minRows={3}
            fullWidth
          />
        )}
      />
      <TextField label={translate('app.dictionary.form.category')} value={values.category} disabled fullWidth />
    </FormDialog>
  );
};

interface ItemDialogProps {
  resource: DictionaryResource;
  target: ItemDialogTarget;
  onClose: () => void;
  /** spec 4: the Dictionary page goes back to page 1. */
  onAdded?: (question: string) => void;
  onReload?: () => Promise<LatestItem | null>;
}

/** spec 4 */
const AddItemDialog = ({ resource, target, onClose, onAdded }: ItemDialogProps) => {
  const translate = useTranslate();
  const [values] = useState(() => initialValues(target));
  const outcome = useSaveOutcome({
    successKey: 'app.dictionary.success.added',
    successMs: LONG_BANNER_MS,
    failureKey: 'app.dictionary.errors.save',
    onSaved: (sent) => {
      onAdded?.(String(sent.question ?? values.question));
      onClose();
    },
  });
  return (
    <CreateBase
      resource={resource}
      redirect={false}
      transform={(data: FieldValues) => newItemBody(resource, data)}
      mutationOptions={outcome.mutationOptions}
    >
      <ItemFormDialog title={translate(titleKey(target, resource))} values={values} outcome={outcome} onClose={onClose} />
    </CreateBase>
  );
};

/** spec 4, docs/api.md "Versions": after a conflict the typed text stays and the next save starts from their version. */
const EditItemDialog = ({ resource, target, onClose, onReload }: ItemDialogProps & { target: EditTarget }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [values] = useState(() => initialValues(target));
  const [id, isOriginal, startVersion, excludeId] =
    target.kind === 'edit'
      ? [target.item.id, true, target.item.version, target.item.id]
      : [target.variation._id, false, target.variation.version, target.parent.id];
  const [version, setVersion] = useState(startVersion);
  const [theirs, setTheirs] = useState<LatestItem | null>(null);
  const outcome = useSaveOutcome({
    successKey: 'app.dictionary.success.updated',
    successMs: LONG_BANNER_MS,
    failureKey: 'app.dictionary.errors.save',
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: [resource] });
      onClose();
    },
  });
  const reload = async () => {
    const latest = (await onReload?.()) ?? null;
    if (latest) {
      setVersion(latest.version);
      setTheirs(latest);
    }
    return latest !== null;
  };
  return (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={NO_READ}
      transform={({ question, answer, category }: FieldValues) => ({ question, answer, category, isOriginal, version })}
      mutationOptions={outcome.mutationOptions}
    >
      <ItemFormDialog
        title={translate(titleKey(target, resource))}
        values={values}
        outcome={outcome}
        onClose={onClose}
        isVariation={!isOriginal}
        excludeId={excludeId}
        conflictAlert={
          outcome.conflict !== null && (
            <VersionConflictAlert
              key={outcome.conflict}
              onReload={reload}
              theirs={theirs && translate('app.dictionary.form.theirs', theirs)}
            />
          )
        }
      />
    </EditBase>
  );
};

export const ItemDialog = (props: ItemDialogProps) =>
  props.target.kind === 'add' ? <AddItemDialog {...props} /> : <EditItemDialog {...props} target={props.target} />;
