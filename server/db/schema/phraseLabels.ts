import { index, pgTable, real, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { LabelItemType, LabelKind } from '../../../src/contract/phraseLabels';
import type { Speaker } from '../../../src/contract/sessions';
import { declaredColumns } from './columns';
import { sessions } from './sessions';

/**
 * What an admin said an utterance of a call should have fired (docs/matching.md "Labelled phrases"). The call's
 * erasure takes its labels with it (the cascade): erased means gone, the text included.
 */
export const phraseLabels = pgTable(
  'phrase_labels',
  {
    ...declaredColumns(),
    callRowId: uuid('call_row_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    text: text('text').notNull(),
    speaker: text('speaker').$type<Speaker>().notNull(),
    kind: text('kind').$type<LabelKind>().notNull(),
    itemType: text('item_type').$type<LabelItemType>(),
    itemId: text('item_id'),
    /** The item's question or trigger when labelled, so the list names it after the item is gone. */
    itemName: text('item_name'),
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    unique('phrase_labels_once').on(table.callRowId, table.speaker, table.text, table.kind, table.itemId).nullsNotDistinct(),
    index('phrase_labels_call_idx').on(table.callRowId),
  ],
);

/** A label's vector, per model; computed when a calibration first needs it. */
export const phraseLabelVectors = pgTable(
  'phrase_label_vectors',
  {
    labelId: uuid('label_id')
      .notNull()
      .references(() => phraseLabels.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    vector: real('vector').array().notNull(),
  },
  (table) => [unique('phrase_label_vectors_once').on(table.labelId, table.model)],
);
