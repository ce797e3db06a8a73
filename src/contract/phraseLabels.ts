import { z } from 'zod';
import { LIMITS, safeText } from './common';
import { declaredContract } from './declaredResource';
import { dictIdSchema } from './dictionary';
import { sessionIdSchema, speakerSchema } from './sessions';

/**
 * docs/matching.md "Labelled phrases": a detection marked right or wrong, an utterance that should have fired an
 * item, or one that should fire nothing.
 */
export const LABEL_KINDS = ['right', 'wrong', 'shouldFire', 'nothing'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
export const LABEL_ITEM_TYPES = ['objection', 'faq', 'landmine'] as const;
export type LabelItemType = (typeof LABEL_ITEM_TYPES)[number];

export const PHRASE_LABEL_TEXT_MAX = LIMITS.answer;

export const phraseLabelContract = declaredContract({
  fields: z.object({
    sessionId: z.string(),
    text: z.string(),
    speaker: speakerSchema,
    kind: z.enum(LABEL_KINDS),
    itemType: z.enum(LABEL_ITEM_TYPES).nullable(),
    itemId: z.string().nullable(),
    itemName: z.string().nullable(),
    createdBy: z.string(),
  }),
  sortable: ['kind', 'itemName', 'sessionId', 'speaker'],
  filters: ['kind', 'itemType', 'itemName', 'speaker', 'sessionId'],
});
export type PhraseLabel = z.infer<typeof phraseLabelContract.record>;

const saidIn = {
  sessionId: sessionIdSchema,
  text: safeText(z.string().min(1).max(PHRASE_LABEL_TEXT_MAX)),
  speaker: speakerSchema,
};
/** An item is named for every kind but `nothing`; the text is one of the call's utterances by that speaker. */
export const phraseLabelCreateSchema = z.union(
  [
    z
      .object({ ...saidIn, kind: z.enum(['right', 'wrong', 'shouldFire']), itemType: z.enum(LABEL_ITEM_TYPES), itemId: dictIdSchema })
      .strict(),
    z.object({ ...saidIn, kind: z.literal('nothing'), itemType: z.null().optional(), itemId: z.null().optional() }).strict(),
  ],
  { error: 'Name an item (itemType and itemId) for right, wrong and shouldFire; none for nothing.' },
);
export type PhraseLabelCreate = z.infer<typeof phraseLabelCreateSchema>;

export const LABEL_SIDE_MISMATCH = 'LABEL_SIDE_MISMATCH';
export const LABEL_NOT_AN_UTTERANCE = 'LABEL_NOT_AN_UTTERANCE';

/** Objections and FAQs are heard in what the customer says, landmines in what the salesperson says (docs/matching.md "The rule"). */
export const speakerOfItemType = (itemType: LabelItemType) => (itemType === 'landmine' ? 'salesperson' : 'customer');
