import { LABEL_ITEM_TYPES, LABEL_KINDS, phraseLabelContract } from '@/contract/phraseLabels';
import { SPEAKERS } from '@/contract/sessions';
import type { ResourceDeclaration } from '@/resources/types';
import { LabelCallField, LabelUndoField } from './PhraseLabelFields';

const label = (field: string) => `app.phraseLabels.fields.${field}`;

/**
 * The labelled phrases at /phraseLabels (docs/matching.md "Labelled phrases"): the generated list and show over
 * /api/phrase-labels, each row linking to its call, with Undo. Labels are made on a call's timeline.
 */
const phraseLabels: ResourceDeclaration = {
  name: 'phraseLabels',
  api: { dialect: 'simple-rest', path: '/phrase-labels', paging: 'server', idField: 'id' },
  schema: phraseLabelContract.fields,
  sort: { field: 'createdAt', order: 'DESC' },
  fields: [
    { source: 'text', label: label('text'), inList: true },
    { source: 'kind', label: label('kind'), choices: LABEL_KINDS, inList: true, filter: true, sortable: true },
    { source: 'itemName', label: label('itemName'), inList: true, filter: true, sortable: true },
    { source: 'itemType', label: label('itemType'), choices: LABEL_ITEM_TYPES, inList: true, filter: true },
    { source: 'speaker', label: label('speaker'), choices: SPEAKERS, inList: true, filter: true, sortable: true },
    { source: 'sessionId', label: label('sessionId'), Field: LabelCallField, inList: true, sortable: true },
    { source: 'createdBy', label: label('createdBy'), inList: true },
    { source: 'createdAt', label: label('createdAt'), type: 'date', inList: true, sortable: true },
    { source: 'id', column: 'undo', label: label('undo'), Field: LabelUndoField, inList: true },
  ],
  label: 'app.layout.titles.phraseLabels',
};

export default phraseLabels;
