import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useTranslate, type Identifier } from 'react-admin';
import { GENERATED_VARIATIONS_COUNT } from '@/config';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { usePageBanner } from '@/shared/PageBanner';
import { SHORT_BANNER_MS } from '@/shared/useBanner';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict } from '@/shared/VersionConflict';
import type { DictionaryItem } from './dictionaryTypes';

/** Delete is pessimistic: the banner speaks once the server answered (spec 8). */
export const useItemActions = (resource: DictionaryResource) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const banner = usePageBanner();
  const errorText = useErrorText();
  const [deleteOne] = useDelete();
  const queryClient = useQueryClient();

  /** A row someone else changed since it was shown is refused, and the list is read again to show theirs. */
  const remove = ({ id, version }: { id: Identifier; version?: number }) =>
    deleteOne(
      resource,
      { id, previousData: { id, version } },
      {
        onSuccess: () => banner.success(translate('app.dictionary.success.deleted'), SHORT_BANNER_MS),
        onError: (error) => {
          if (!isVersionConflict(error)) return banner.error(errorText(error, 'app.dictionary.errors.delete'));
          banner.error(translate('app.versions.deleteConflict'));
          void queryClient.invalidateQueries({ queryKey: [resource] });
        },
      },
    );

  /** spec 4: asks for 3. */
  const generation = useMutation({
    mutationFn: (parent: DictionaryItem) => dataProvider.generateVariations(resource, parent.id, GENERATED_VARIATIONS_COUNT),
    onError: (error) => banner.error(errorText(error, 'app.dictionary.errors.generate')),
  });
  const generate = (parent: DictionaryItem, review: (suggestions: string[]) => void) => generation.mutate(parent, { onSuccess: review });

  return { remove, generate, generatingId: generation.isPending ? (generation.variables?.id ?? null) : null };
};
