import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { GENERATED_VARIATIONS_COUNT } from '@/config';
import { AI_GENERATED_CATEGORY, DEFAULT_VARIATION_CATEGORY } from '@/contract/dictionary';
import { messageText } from '@/dataProvider/errorText';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type DictionaryItem } from './dictionaryTypes';
import type { ItemDialogTarget, ItemFormValues } from './ItemDialog';
import { LONG_BANNER_MS, SHORT_BANNER_MS, type BannerControls } from '../../shared/useBanner';

/** spec 7: the create body of an original; FAQs take question, answer and category only. */
const newItemBody = (resource: DictionaryResource, { question, answer, category }: ItemFormValues) =>
  resource === 'objections' ? { question, answer, category, isOriginal: true, parentId: null } : { question, answer, category };

/**
 * Every write of the objections and FAQs tabs, each reporting through the banner with the
 * spec's texts (spec 8). Adding an original returns the list to page 1; an edit reloads
 * the current page (spec 4).
 */
export const useItemActions = (resource: DictionaryResource, banner: BannerControls, onAdded: () => void) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: dictionaryQueryKey(resource) });

  const saveItem = async (target: ItemDialogTarget, values: ItemFormValues): Promise<boolean> => {
    try {
      if (target.kind === 'add') {
        await dataProvider.create(resource, { data: newItemBody(resource, values) });
        banner.success(translate('app.dictionary.success.added'), LONG_BANNER_MS);
        onAdded();
      } else {
        const [id, isOriginal] = target.kind === 'edit' ? [target.item.id, true] : [target.variation._id, false];
        await dataProvider.update(resource, { id, data: { ...values, isOriginal }, previousData: { id } });
        banner.success(translate('app.dictionary.success.updated'), LONG_BANNER_MS);
      }
      void reload();
      return true;
    } catch {
      banner.error(translate('app.dictionary.errors.save'));
      return false;
    }
  };

  const addVariation = async (parent: DictionaryItem, question: string): Promise<boolean> => {
    try {
      await dataProvider.addVariation(resource, parent.id, { question, category: DEFAULT_VARIATION_CATEGORY });
      banner.success(translate('app.dictionary.success.variationAdded'), LONG_BANNER_MS);
      void reload();
      return true;
    } catch {
      banner.error(translate('app.dictionary.errors.addVariation'));
      return false;
    }
  };

  const remove = async (id: Identifier) => {
    try {
      await dataProvider.delete(resource, { id, previousData: { id } });
      banner.success(translate('app.dictionary.success.deleted'), SHORT_BANNER_MS);
    } catch {
      banner.error(translate('app.dictionary.errors.delete'));
    }
    void reload();
  };

  /** spec 4: asks for 3; resolves to the suggestions to review, or null after an error banner. */
  const generate = async (parent: DictionaryItem): Promise<string[] | null> => {
    try {
      return await dataProvider.generateVariations(resource, parent.id, GENERATED_VARIATIONS_COUNT);
    } catch (error) {
      const message = messageText(error, 'app.dictionary.errors.generate');
      banner.error(translate(message, { _: message }));
      return null;
    }
  };

  /** spec 4: posts each non-empty suggestion as 'AI Generated' and reports how many were saved. */
  const saveGenerated = async (parent: DictionaryItem, questions: string[]): Promise<boolean> => {
    const wanted = questions.map((question) => question.trim()).filter(Boolean);
    const results = await Promise.allSettled(
      wanted.map((question) => dataProvider.addVariation(resource, parent.id, { question, category: AI_GENERATED_CATEGORY })),
    );
    const saved = results.filter((result) => result.status === 'fulfilled').length;
    if (saved > 0) banner.success(translate('app.dictionary.success.variationsSaved', { count: saved }), LONG_BANNER_MS);
    else banner.error(translate(wanted.length === 0 ? 'app.dictionary.errors.noneSaved' : 'app.dictionary.errors.saveVariations'));
    void reload();
    return saved > 0 || wanted.length === 0;
  };

  return { saveItem, addVariation, remove, generate, saveGenerated };
};
