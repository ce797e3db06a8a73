import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Controller, type FieldValues } from 'react-hook-form';
import { AI_GENERATED_CATEGORY } from '@/contract/dictionary';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { FormDialog } from '@/shared/FormDialog';
import { usePageBanner } from '@/shared/PageBanner';
import { LONG_BANNER_MS } from '@/shared/useBanner';
import type { DictionaryItem } from './dictionaryTypes';

interface GeneratedVariationsDialogProps {
  resource: DictionaryResource;
  parent: Pick<DictionaryItem, 'id' | 'question'>;
  suggestions: string[];
  onClose: () => void;
}

/** spec 4: nothing is saved until the admin saves; nothing saved keeps the dialog open. */
export const GeneratedVariationsDialog = ({ resource, parent, suggestions, onClose }: GeneratedVariationsDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const [values] = useState(() => ({ variations: suggestions }));
  const [error, setError] = useState<string | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: async (questions: string[]) => {
      const wanted = questions.map((question) => question.trim()).filter(Boolean);
      const results = await Promise.allSettled(
        wanted.map((question) => dataProvider.addVariation(resource, parent.id, { question, category: AI_GENERATED_CATEGORY })),
      );
      return { wanted: wanted.length, saved: results.filter((result) => result.status === 'fulfilled').length };
    },
    onSuccess: ({ wanted, saved }) => {
      void queryClient.invalidateQueries({ queryKey: [resource] });
      if (saved === 0 && wanted > 0) return setError(translate('app.dictionary.errors.saveVariations'));
      if (saved > 0) banner.success(translate('app.dictionary.success.variationsSaved', { count: saved }), LONG_BANNER_MS);
      else banner.error(translate('app.dictionary.errors.noneSaved'));
      onClose();
    },
  });

  return (
    <FormDialog
      title={translate('app.dictionary.generated.title')}
      submitLabel={translate(isPending ? 'app.dictionary.form.saving' : 'app.dictionary.generated.save')}
      cancelLabel="app.dictionary.form.cancel"
      pending={isPending}
      error={error}
      onDismissError={() => setError(null)}
      onClose={onClose}
      record={values}
      onSubmit={({ variations }: FieldValues) => {
        setError(null);
        mutate(variations as string[]);
      }}
    >
      <Typography variant="subtitle2">{parent.question}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(suggestions.length === 0 ? 'app.dictionary.generated.noneFound' : 'app.dictionary.generated.intro')}
      </Typography>
      <Controller
        name="variations"
        render={({ field: { value, onChange: set } }) => {
          const list = value as string[];
          return (
            <>
              {list.map((item, index) => (
                <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <TextField
                    label={translate('app.dictionary.generated.variation', { index: index + 1 })}
                    value={item}
                    onChange={(event) => set(list.map((text, i) => (i === index ? event.target.value : text)))}
                    multiline
                    fullWidth
                  />
                  <IconButton
                    aria-label={translate('app.dictionary.generated.remove', { index: index + 1 })}
                    onClick={() => set(list.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              ))}
              <Box>
                <Button startIcon={<AddIcon />} onClick={() => set([...list, ''])}>
                  {translate('app.dictionary.generated.add')}
                </Button>
              </Box>
            </>
          );
        }}
      />
    </FormDialog>
  );
};
