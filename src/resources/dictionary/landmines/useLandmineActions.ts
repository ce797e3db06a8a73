import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDataProvider, useDelete, useTranslate, useUpdate, type Identifier } from 'react-admin';
import type { LandmineBulkAction } from '@/contract/bulk';
import { errorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type Landmine } from '@/resources/dictionary/items/dictionaryTypes';
import { isVersionConflict } from '@/shared/VersionConflict';
import { type SaveOutcome, VERSION_CONFLICT_OUTCOME } from '@/resources/dictionary/items/useDialogSave';
import type { LandmineBody } from './landmineForm';
import type { BannerControls } from '@/shared/useBanner';
import { useDictionaryBulk } from '@/resources/dictionary/items/useDictionaryBulk';

/**
 * Every write of the Landmines tab: create, update and delete through react-admin's mutation
 * hooks (pessimistic), the status toggle through the dataProvider's own call. Successes and
 * the row actions' failures show on the page's banner; the dialog's failure is returned for
 * the dialog to show (spec 8).
 */
export const useLandmineActions = (banner: BannerControls) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [deleteOne] = useDelete();
  const reload = () => queryClient.invalidateQueries({ queryKey: dictionaryQueryKey('landmines') });
  const failure = (error: unknown, fallbackKey: string) => {
    const text = errorText(error, fallbackKey);
    return translate(text, { _: text });
  };

  const save = async (body: LandmineBody, existing?: Landmine): Promise<SaveOutcome> => {
    try {
      if (existing) {
        const data = { isActive: existing.isActive, ...body };
        await update('landmines', { id: existing.id, data, previousData: existing }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.landmineUpdated'));
      } else {
        await create('landmines', { data: body }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.landmineAdded'));
      }
      void reload();
      return null;
    } catch (error) {
      return isVersionConflict(error) ? VERSION_CONFLICT_OUTCOME : failure(error, 'app.dictionary.errors.saveLandmine');
    }
  };

  /** The landmine as saved now (the list fetched again), or null when it cannot be loaded or is gone. */
  const latest = async (id: Identifier): Promise<Landmine | null> => {
    try {
      const { data } = await dataProvider.getList<Landmine>('landmines', { filter: {} });
      void reload();
      return data.find((landmine) => landmine.id === id) ?? null;
    } catch {
      return null;
    }
  };

  const toggle = async (id: Identifier) => {
    try {
      await dataProvider.toggleLandmine(id);
      banner.success(translate('app.dictionary.success.landmineToggled'));
    } catch (error) {
      banner.error(failure(error, 'app.dictionary.errors.toggleLandmine'));
    }
    void reload();
  };

  const remove = async (id: Identifier) => {
    try {
      await deleteOne('landmines', { id, previousData: { id } }, { returnPromise: true });
      banner.success(translate('app.dictionary.success.landmineDeleted'));
    } catch (error) {
      banner.error(failure(error, 'app.dictionary.errors.deleteLandmine'));
    }
    void reload();
  };

  return { save, latest, toggle, remove };
};

/** Issue 16: the Landmines tab's undoable bulk changes, one call each (POST /landmines/bulk, one audit row per changed landmine). */
export const useLandmineBulk = (banner: BannerControls) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { run: runUndoable, apply } = useDictionaryBulk('landmines', banner);
  const MESSAGES = {
    activate: 'app.bulk.dictionary.landminesActivated',
    deactivate: 'app.bulk.dictionary.landminesDeactivated',
    delete: 'app.bulk.dictionary.landminesDeleted',
  } as const;
  const run = (ids: readonly Identifier[], action: LandmineBulkAction) =>
    runUndoable({
      ids,
      change: action === 'delete' ? 'hide' : { isActive: action === 'activate' },
      message: MESSAGES[action],
      send: (chosen) => dataProvider.bulkLandmines(action, chosen),
    });
  return { run, apply };
};
