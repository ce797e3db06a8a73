import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDataProvider, useDelete, useTranslate, useUpdate, type Identifier } from 'react-admin';
import { GENERATED_VARIATIONS_COUNT } from '@/config';
import { AI_GENERATED_CATEGORY, DEFAULT_VARIATION_CATEGORY } from '@/contract/dictionary';
import { errorText } from '@/dataProvider/errorText';
import type { DictionaryResource, PortalDataProvider } from '@/dataProvider/types';
import { dictionaryQueryKey, type DictionaryItem } from './dictionaryTypes';
import { isVersionConflict } from '@/shared/VersionConflict';
import type { ItemDialogTarget, ItemFormValues, LatestItem } from './ItemDialog';
import { type SaveOutcome, VERSION_CONFLICT_OUTCOME } from './useDialogSave';
import { LONG_BANNER_MS, SHORT_BANNER_MS, type BannerControls } from '@/shared/useBanner';

/** spec 7: the create body of an original; FAQs take question, answer and category only. */
const newItemBody = (resource: DictionaryResource, { question, answer, category }: ItemFormValues) =>
  resource === 'objections' ? { question, answer, category, isOriginal: true, parentId: null } : { question, answer, category };

/**
 * Every write of the objections and FAQs tabs. Create, update and delete go through react-admin's
 * mutation hooks (pessimistic: the banner speaks once the server answered); adding and generating
 * variations are the dataProvider's own calls. Successes and a failed delete show on the page's
 * banner; a dialog's failure is returned as text for the dialog to show (spec 8). Adding an
 * original returns the list to page 1; an edit reloads the current page (spec 4).
 */
export const useItemActions = (resource: DictionaryResource, banner: BannerControls, onAdded: () => void) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [deleteOne] = useDelete();
  const reload = () => queryClient.invalidateQueries({ queryKey: dictionaryQueryKey(resource) });
  const failure = (error: unknown, fallbackKey: string) => {
    const text = errorText(error, fallbackKey);
    return translate(text, { _: text });
  };

  const saveItem = async (target: ItemDialogTarget, values: ItemFormValues): Promise<SaveOutcome> => {
    try {
      if (target.kind === 'add') {
        await create(resource, { data: newItemBody(resource, values) }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.added'), LONG_BANNER_MS);
        onAdded();
      } else {
        const [id, isOriginal] = target.kind === 'edit' ? [target.item.id, true] : [target.variation._id, false];
        await update(resource, { id, data: { ...values, isOriginal }, previousData: { id } }, { returnPromise: true });
        banner.success(translate('app.dictionary.success.updated'), LONG_BANNER_MS);
      }
      void reload();
      return null;
    } catch (error) {
      return isVersionConflict(error) ? VERSION_CONFLICT_OUTCOME : failure(error, 'app.dictionary.errors.save');
    }
  };

  /** The edited item as the server has it now (the tab's pages fetched again), or null. */
  const latest = async (target: ItemDialogTarget): Promise<LatestItem | null> => {
    const queryKey = dictionaryQueryKey(resource);
    await queryClient.refetchQueries({ queryKey, type: 'active' });
    const queries = queryClient.getQueryCache().findAll({ queryKey, type: 'active' });
    if (queries.some((query) => query.state.status === 'error')) return null;
    for (const query of queries) {
      for (const item of (query.state.data as { items?: DictionaryItem[] } | undefined)?.items ?? []) {
        if (target.kind === 'edit' && item.id === target.item.id) return item;
        const variation = target.kind === 'editVariation' ? item.variations?.find(({ _id }) => _id === target.variation._id) : undefined;
        if (variation) return { question: variation.question, answer: item.answer, version: variation.version };
      }
    }
    return null;
  };

  const addVariation = async (parent: DictionaryItem, question: string): Promise<SaveOutcome> => {
    try {
      await dataProvider.addVariation(resource, parent.id, { question, category: DEFAULT_VARIATION_CATEGORY });
      banner.success(translate('app.dictionary.success.variationAdded'), LONG_BANNER_MS);
      void reload();
      return null;
    } catch (error) {
      return failure(error, 'app.dictionary.errors.addVariation');
    }
  };

  const remove = async (id: Identifier) => {
    try {
      await deleteOne(resource, { id, previousData: { id } }, { returnPromise: true });
      banner.success(translate('app.dictionary.success.deleted'), SHORT_BANNER_MS);
    } catch (error) {
      banner.error(failure(error, 'app.dictionary.errors.delete'));
    }
    void reload();
  };

  /** spec 4: asks for 3; resolves to the suggestions to review, or null after an error banner. */
  const generate = async (parent: DictionaryItem): Promise<string[] | null> => {
    try {
      return await dataProvider.generateVariations(resource, parent.id, GENERATED_VARIATIONS_COUNT);
    } catch (error) {
      banner.error(failure(error, 'app.dictionary.errors.generate'));
      return null;
    }
  };

  /**
   * spec 4: posts each non-empty suggestion as 'AI Generated' and reports how many were saved.
   * Nothing to save closes the dialog with the page's banner; nothing saved stays in the dialog.
   */
  const saveGenerated = async (parent: DictionaryItem, questions: string[]): Promise<SaveOutcome> => {
    const wanted = questions.map((question) => question.trim()).filter(Boolean);
    const results = await Promise.allSettled(
      wanted.map((question) => dataProvider.addVariation(resource, parent.id, { question, category: AI_GENERATED_CATEGORY })),
    );
    const saved = results.filter((result) => result.status === 'fulfilled').length;
    void reload();
    if (saved > 0) banner.success(translate('app.dictionary.success.variationsSaved', { count: saved }), LONG_BANNER_MS);
    else if (wanted.length === 0) banner.error(translate('app.dictionary.errors.noneSaved'));
    else return translate('app.dictionary.errors.saveVariations');
    return null;
  };

  return { saveItem, latest, addVariation, remove, generate, saveGenerated };
};
