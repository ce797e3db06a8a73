import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_ORIGINAL_CATEGORY, DEFAULT_VARIATION_CATEGORY, dictionaryItemUpdateSchema } from '@/contract/dictionary';
import type { DictionaryResource } from '@/dataProvider/types';
import { VersionConflictAlert } from '@/shared/VersionConflict';
import { DictionaryFormDialog } from './DictionaryFormDialog';
import { NearDuplicateWarning } from './NearDuplicateWarning';
import type { DictionaryItem, Variation } from './dictionaryTypes';
import { type SaveOutcome, useDialogSave } from './useDialogSave';

export interface ItemFormValues {
  question: string;
  answer: string;
  category: string;
  /** The version the edit started from; none when adding. */
  version?: number;
}

/** The newer version of the edited item, loaded after a 409 VERSION_CONFLICT. */
export type LatestItem = Pick<ItemFormValues, 'question' | 'answer'> & { version?: number };

/** What the item dialog adds or edits: a new original (pre-filled from a call's new inquiry), an original, or a variation of `parent`. */
export type ItemDialogTarget =
  | { kind: 'add'; question?: string; answer?: string }
  | { kind: 'edit'; item: DictionaryItem }
  | { kind: 'editVariation'; variation: Variation; parent: DictionaryItem };

/** spec 4: the category is never edited: Original by default, Variation for variations. */
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

interface ItemDialogProps {
  resource: DictionaryResource;
  target: ItemDialogTarget;
  onClose: () => void;
  onSave: (values: ItemFormValues) => Promise<SaveOutcome>;
  /** Loads the newer version after a conflict; null when it could not be loaded. */
  onReload?: () => Promise<LatestItem | null>;
}

/** Add and edit share these inputs; the contract's schema holds the rules (spec 5: question and answer required). */
export const ItemDialog = ({ resource, target, onClose, onSave, onReload }: ItemDialogProps) => {
  const translate = useTranslate();
  const defaults = initialValues(target);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(dictionaryItemUpdateSchema),
    defaultValues: defaults,
    mode: 'onChange',
  });
  const save = useDialogSave(onClose);
  const isVariation = target.kind === 'editVariation';
  const [version, setVersion] = useState(
    target.kind === 'edit' ? target.item.version : target.kind === 'editVariation' ? target.variation.version : undefined,
  );
  const [theirs, setTheirs] = useState<LatestItem | null>(null);
  // The typed text stays in the form; their version shows beside it and the next save starts from it.
  const reload = async () => {
    const latest = (await onReload?.()) ?? null;
    if (latest) {
      setVersion(latest.version);
      setTheirs(latest);
    }
    return latest !== null;
  };

  return (
    <DictionaryFormDialog
      title={translate(titleKey(target, resource))}
      maxWidth="sm"
      error={save.error}
      onDismissError={save.dismissError}
      canSave={formState.isValid}
      saving={formState.isSubmitting}
      onClose={onClose}
      onSubmit={handleSubmit(({ question, answer, category }) =>
        save.run(() => onSave({ question, answer, category: category ?? defaults.category, version })),
      )}
    >
      {save.conflict !== null && (
        <VersionConflictAlert key={save.conflict} onReload={reload} theirs={theirs && translate('app.dictionary.form.theirs', theirs)} />
      )}
      <Controller
        name="question"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} label={translate('app.dictionary.form.question')} required multiline autoFocus fullWidth />
        )}
      />
      <NearDuplicateWarning
        control={control}
        excludeId={target.kind === 'edit' ? String(target.item.id) : target.kind === 'editVariation' ? String(target.parent.id) : undefined}
      />
      <Controller
        name="answer"
        control={control}
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
      <TextField label={translate('app.dictionary.form.category')} value={defaults.category} disabled fullWidth />
    </DictionaryFormDialog>
  );
};
