import { landmineCreateSchema } from '@/contract/landmines';
import type { CannotSayPoint, CanSayPoint, Landmine, Priority, Severity } from '../dictionaryItems/dictionaryTypes';

/** The landmine form as typed: optional texts are '' until filled. */
export interface LandmineFormValues {
  trigger: string;
  category: string;
  priority: Priority;
  triggerVariations: string[];
  canSay: { point: string; context: string }[];
  cannotSay: { point: string; reason: string; severity: Severity }[];
  quickTips: string;
}

/** The props of every part of the landmine form (LandmineInputs and its point inputs). */
export interface LandmineInputsProps {
  values: LandmineFormValues;
  onChange: (values: LandmineFormValues) => void;
}

/** What POST /landmines and PUT /landmines/{id} receive. */
export type LandmineBody = Omit<Landmine, 'id' | 'isActive'> & { isActive?: boolean };

export const emptyCanSay = () => ({ point: '', context: '' });
export const emptyCannotSay = () => ({ point: '', reason: '', severity: 'general' as Severity });

/** spec 4: a new landmine defaults to priority medium. */
export const toLandmineForm = (landmine?: Landmine): LandmineFormValues => ({
  trigger: landmine?.trigger ?? '',
  category: landmine?.category ?? '',
  priority: landmine?.priority ?? 'medium',
  triggerVariations: landmine?.triggerVariations?.length ? [...landmine.triggerVariations] : [''],
  canSay: landmine?.canSay?.length ? landmine.canSay.map((p) => ({ point: p.point, context: p.context ?? '' })) : [emptyCanSay()],
  cannotSay: landmine?.cannotSay?.length
    ? landmine.cannotSay.map((p) => ({ point: p.point, reason: p.reason ?? '', severity: p.severity ?? 'general' }))
    : [emptyCannotSay()],
  quickTips: landmine?.quickTips ?? '',
});

/** spec 5: trigger and category are required (and the contract's length caps hold). */
export const isLandmineFormValid = (values: LandmineFormValues) => landmineCreateSchema.safeParse(toLandmineBody(values)).success;

/** spec 5: blank trigger variations and blank can-say/cannot-say points are dropped before saving. */
export const toLandmineBody = (values: LandmineFormValues): LandmineBody => ({
  trigger: values.trigger.trim(),
  category: values.category.trim(),
  priority: values.priority,
  triggerVariations: values.triggerVariations.map((v) => v.trim()).filter(Boolean),
  canSay: values.canSay
    .filter((p) => p.point.trim())
    .map((p): CanSayPoint => ({ point: p.point.trim(), ...(p.context.trim() ? { context: p.context.trim() } : {}) })),
  cannotSay: values.cannotSay
    .filter((p) => p.point.trim())
    .map((p): CannotSayPoint => ({ point: p.point.trim(), ...(p.reason.trim() ? { reason: p.reason.trim() } : {}), severity: p.severity })),
  quickTips: values.quickTips.trim(),
});
