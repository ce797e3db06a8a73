import { zodResolver } from '@hookform/resolvers/zod';
import type { Control } from 'react-hook-form';
import { type LandmineCreate, landmineCreateSchema } from '@/contract/landmines';
import type { Landmine, Priority, Severity } from '@/resources/dictionary/items/dictionaryTypes';

/**
 * The landmine form as typed: optional texts are '' until filled. The contract's
 * `landmineCreateSchema` validates it as it is and turns it into the body (trimmed, blank
 * entries and blank optional texts dropped, spec 5, 6).
 */
export interface LandmineFormValues {
  trigger: string;
  category: string;
  priority: Priority;
  triggerVariations: string[];
  canSay: { point: string; context: string }[];
  cannotSay: { point: string; reason: string; severity: Severity }[];
  quickTips: string;
}

/** The contract's create schema as the form's resolver: it checks the form and gives the values saved. */
export const landmineResolver = zodResolver(landmineCreateSchema);

/** The props of every part of the landmine form (LandmineInputs and its point inputs). */
export interface LandmineInputsProps {
  control: Control<LandmineFormValues, unknown, LandmineCreate>;
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

/** The validated form as a body; the status is not the form's (a new landmine takes the server's default). */
export const toLandmineBody = ({
  trigger,
  category,
  priority,
  triggerVariations,
  canSay,
  cannotSay,
  quickTips,
}: LandmineCreate): LandmineBody => ({
  trigger,
  category,
  priority,
  triggerVariations,
  canSay,
  cannotSay,
  quickTips,
});
