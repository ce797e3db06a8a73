import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useTranslate, type Identifier } from 'react-admin';
import type { LandmineBulkAction } from '@/contract/bulk';
import type { PortalDataProvider } from '@/dataProvider/types';
import { useDictionaryBulk } from '@/resources/dictionary/items/useDictionaryBulk';
import { usePageBanner } from '@/shared/PageBanner';
import { useErrorText } from '@/shared/useErrorText';
import { isVersionConflict } from '@/shared/VersionConflict';

/** Delete is pessimistic: the banner speaks once the server answered (spec 8). */
export const useLandmineActions = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const banner = usePageBanner();
  const errorText = useErrorText();
  const [deleteOne] = useDelete();

  const toggle = useMutation({
    mutationFn: (id: Identifier) => dataProvider.toggleLandmine(id),
    onSuccess: () => banner.success(translate('app.dictionary.success.landmineToggled')),
    onError: (error) => banner.error(errorText(error, 'app.dictionary.errors.toggleLandmine')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['landmines'] }),
  });

  /** A row someone else changed since it was shown is refused, and the list is read again to show theirs. */
  const remove = ({ id, version }: { id: Identifier; version?: number }) =>
    deleteOne(
      'landmines',
      { id, previousData: { id, version } },
      {
        onSuccess: () => banner.success(translate('app.dictionary.success.landmineDeleted')),
        onError: (error) => {
          if (!isVersionConflict(error)) return banner.error(errorText(error, 'app.dictionary.errors.deleteLandmine'));
          banner.error(translate('app.versions.deleteConflict'));
          void queryClient.invalidateQueries({ queryKey: ['landmines'] });
        },
      },
    );

  return { toggle: toggle.mutate, remove };
};

const BULK_MESSAGES = {
  activate: 'app.bulk.dictionary.landminesActivated',
  deactivate: 'app.bulk.dictionary.landminesDeactivated',
  delete: 'app.bulk.dictionary.landminesDeleted',
} as const;

/** docs/api.md "Bulk work" */
export const useLandmineBulk = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { run: runUndoable, apply } = useDictionaryBulk('landmines');
  const run = (ids: readonly Identifier[], action: LandmineBulkAction) =>
    runUndoable({
      ids,
      change: action === 'delete' ? 'hide' : { isActive: action === 'activate' },
      message: BULK_MESSAGES[action],
      send: (chosen) => dataProvider.bulkLandmines(action, chosen),
    });
  return { run, apply };
};
