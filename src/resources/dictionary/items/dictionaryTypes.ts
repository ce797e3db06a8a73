import type { Identifier } from 'react-admin';
import type { GroupedItem, VariationSummary } from '@/contract/dictionary';
import type { CannotSayPoint, CanSayPoint, Landmine as WireLandmine, LandminePriority, LandmineSeverity } from '@/contract/landmines';
import type { DictionaryResource } from '@/dataProvider/types';

export type { CannotSayPoint, CanSayPoint };
export type Priority = LandminePriority;
export type Severity = LandmineSeverity;

/** spec 3 */
export type Variation = VariationSummary;

/** spec 3 */
export type DictionaryItem = Omit<GroupedItem, '_id' | 'createdAt' | 'updatedAt' | 'variations'> & {
  id: Identifier;
  variations?: Variation[];
};

/** spec 3 */
export type Landmine = Omit<WireLandmine, '_id' | 'createdAt' | 'updatedAt'> & { id: Identifier };

export type DictionaryTab = DictionaryResource | 'landmines';
export const DICTIONARY_TABS: readonly DictionaryTab[] = ['objections', 'faqs', 'landmines'];

/** spec 4: an original is Pending while it or any of its variations is. */
export const hasPendingEmbedding = (item: { needsEmbedding?: boolean; variations?: Variation[] }) =>
  Boolean(item.needsEmbedding) || (item.variations ?? []).some((variation) => variation.needsEmbedding);
