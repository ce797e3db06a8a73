import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DEFAULT_VARIATION_CATEGORY, variationCreateSchema } from '@/contract/dictionary';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { LONG_BANNER_MS } from '@/shared/useBanner';
import { useErrorText } from '@/shared/useErrorText';
import type { DictionaryItem } from './dictionaryTypes';
import { NearDuplicateWarning } from './NearDuplicateWarning';
import { QuestionInput } from './QuestionInput';

const variationResolver = zodResolver(variationCreateSchema);
const canSaveVariation = (values: FieldValues) => variationCreateSchema.safeParse(values).success;

interface VariationDialogProps {
  resource: DictionaryResource;
  parent: Pick<DictionaryItem, 'id' | 'question'>;
  onClose: () => void;
  /** A call's new inquiry says so on its row. */
  onAdded?: () => void;
  initialQuestion?: string;
}

/** spec 5: a variation needs only its question; it shares the original's answer. */
export const VariationDialog = ({ resource, parent, onClose, onAdded, initialQuestion = '' }: VariationDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const errorText = useErrorText();
  const [values] = useState(() => ({ question: initialQuestion }));
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: (question: string) => dataProvider.addVariation(resource, parent.id, { question, category: DEFAULT_VARIATION_CATEGORY }),
    onSuccess: () => {
      banner.success(translate('app.dictionary.success.variationAdded'), LONG_BANNER_MS);
      void queryClient.invalidateQueries({ queryKey: [resource] });
      onAdded?.();
      onClose();
    },
    onError: (failure) => setError(errorText(failure, 'app.dictionary.errors.addVariation')),
  });

  return (
    <FormDialog
      title={translate('app.dictionary.form.addVariationTitle')}
      submitLabel={translate(isPending ? 'app.dictionary.form.saving' : 'app.dictionary.form.save')}
      cancelLabel="app.dictionary.form.cancel"
      pending={isPending}
      error={error}
      onDismissError={() => setError(null)}
      onClose={onClose}
      record={values}
      resolver={variationResolver}
      canSubmit={canSaveVariation}
      onSubmit={({ question }: FieldValues) => {
        setError(null);
        mutate(question);
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('app.dictionary.form.addVariationFor', { question: parent.question })}
      </Typography>
      <QuestionInput />
      <NearDuplicateWarning excludeId={String(parent.id)} />
    </FormDialog>
  );
};
