import { zodResolver } from '@hookform/resolvers/zod';
import type { Control } from 'react-hook-form';
import { type LandmineCreate, landmineCreateSchema } from '@/contract/landmines';
import type { Landmine, Priority, Severity } from '@/resources/dictionary/items/dictionaryTypes';

/** As typed: optional texts are '' until filled; the contract's schema turns it into the body (spec 5, 6). */
export interface LandmineFormValues {
  trigger: string;
  category: string;
  priority: Priority;
  triggerVariations: string[];
  canSay: { point: string; context: string }[];
  cannotSay: { point: string; reason: string; severity: Severity }[];
  quickTips: string;
}

export const landmineResolver = zodResolver(landmineCreateSchema);

export interface LandmineInputsProps {
  control: Control<LandmineFormValues, unknown, LandmineCreate>;
}

export type LandmineBody = Omit<Landmine, 'id' | 'isActive'> & { isActive?: boolean };

export const emptyCanSay = () => ({ point: '', context: '' });
export const emptyCannotSay = () => ({ point: '', reason: '', severity: 'general' as Severity });

/** spec 4 */
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

/** A new landmine takes the server's default status. */
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
