import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDataProvider, useDelete, useTranslate, useUpdate, type Identifier } from 'react-admin';
import { errorText } from '@/dataProvider/errorText';
import type { PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type Landmine } from '../dictionaryItems/dictionaryTypes';
import type { SaveOutcome } from '../dictionaryItems/useDialogSave';
import type { LandmineBody } from './landmineForm';
import type { BannerControls } from '../../shared/useBanner';

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
        const data = { ...body, isActive: existing.isActive };
        await update('landmines', { id: existing.id, data, previousData: existing }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.landmineUpdated'));
      } else {
        await create('landmines', { data: body }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.landmineAdded'));
      }
      void reload();
      return null;
    } catch (error) {
      return failure(error, 'app.dictionary.errors.saveLandmine');
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

  return { save, toggle, remove };
};
