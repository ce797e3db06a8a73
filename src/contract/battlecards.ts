import { z } from 'zod';
import { LIMITS, safeText } from './common';
import { declaredContract } from './declaredResource';

const text = (max: number) => safeText(z.string().trim().max(max));
const list = (max: number) => z.array(safeText(z.string().trim().min(1).max(max))).max(LIMITS.listItems);

/** A competitor's battlecard: what a salesperson says when a customer names that competitor. */
export const battlecardContract = declaredContract({
  fields: z.object({
    name: text(LIMITS.name).min(1),
    otherNames: list(LIMITS.name).default([]),
    positioning: text(LIMITS.trigger).default(''),
    strengths: text(LIMITS.answer).default(''),
    weaknesses: text(LIMITS.answer).default(''),
    talkTrack: text(LIMITS.answer).default(''),
    proofPoints: list(LIMITS.question).default([]),
    isActive: z.boolean().default(true),
  }),
  sortable: ['name', 'isActive'],
  filters: ['name', 'isActive'],
});
export type Battlecard = z.infer<typeof battlecardContract.record>;
