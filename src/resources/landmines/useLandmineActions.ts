import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type Landmine } from '../dictionaryItems/dictionaryTypes';
import type { LandmineBody } from './landmineForm';
import type { BannerControls } from '../../shared/useBanner';

/** Every write of the Landmines tab, reported with the spec's banners (spec 8). */
export const useLandmineActions = (banner: BannerControls) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: dictionaryQueryKey('landmines') });

  const save = async (body: LandmineBody, existing?: Landmine): Promise<boolean> => {
    try {
      if (existing) {
        await dataProvider.update('landmines', { id: existing.id, data: { ...body, isActive: existing.isActive }, previousData: existing });
        banner.success(translate('app.dictionary.success.landmineUpdated'));
      } else {
        await dataProvider.create('landmines', { data: body });
        banner.success(translate('app.dictionary.success.landmineAdded'));
      }
      void reload();
      return true;
    } catch {
      banner.error(translate('app.dictionary.errors.saveLandmine'));
      return false;
    }
  };

  const toggle = async (id: Identifier) => {
    try {
      await dataProvider.toggleLandmine(id);
      banner.success(translate('app.dictionary.success.landmineToggled'));
    } catch {
      banner.error(translate('app.dictionary.errors.toggleLandmine'));
    }
    void reload();
  };

  const remove = async (id: Identifier) => {
    try {
      await dataProvider.delete('landmines', { id, previousData: { id } });
      banner.success(translate('app.dictionary.success.landmineDeleted'));
    } catch {
      banner.error(translate('app.dictionary.errors.deleteLandmine'));
    }
    void reload();
  };

  return { save, toggle, remove };
};
