import type { DictionaryItem, Landmine } from './dictionaryTypes';

/** spec 5 */
const matcher = (search: string) => {
  const needle = search.trim().toLowerCase();
  return (...texts: (string | undefined | null)[]) =>
    !needle || texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
};

export const searchItems = <T extends Pick<DictionaryItem, 'question' | 'answer' | 'variations'>>(items: T[], search: string): T[] => {
  const matches = matcher(search);
  return items.filter((item) => matches(item.question, item.answer, ...(item.variations ?? []).map((v) => v.question)));
};

export const searchLandmines = <T extends Pick<Landmine, 'trigger' | 'category' | 'quickTips' | 'triggerVariations'>>(
  landmines: T[],
  search: string,
): T[] => {
  const matches = matcher(search);
  return landmines.filter((l) => matches(l.trigger, l.category, l.quickTips, ...(l.triggerVariations ?? [])));
};
