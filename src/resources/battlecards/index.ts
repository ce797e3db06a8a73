import { battlecardContract } from '@/contract/battlecards';
import type { ResourceDeclaration } from '@/resources/types';

const label = (field: string) => `app.battlecards.fields.${field}`;

/** Competitor battlecards at /battlecards: generated list, show, create and edit over /api/battlecards. */
const battlecards: ResourceDeclaration = {
  name: 'battlecards',
  api: { dialect: 'simple-rest', path: '/battlecards', paging: 'server', idField: 'id' },
  schema: battlecardContract.update,
  editable: true,
  sort: { field: 'name', order: 'ASC' },
  fields: [
    { source: 'name', label: label('name'), inList: true, filter: true, sortable: true },
    { source: 'otherNames', label: label('otherNames'), type: 'list', inList: true, help: 'app.battlecards.help.otherNames' },
    { source: 'positioning', label: label('positioning'), inList: true, help: 'app.battlecards.help.positioning' },
    { source: 'strengths', label: label('strengths'), type: 'longText' },
    { source: 'weaknesses', label: label('weaknesses'), type: 'longText' },
    { source: 'talkTrack', label: label('talkTrack'), type: 'longText', help: 'app.battlecards.help.talkTrack' },
    { source: 'proofPoints', label: label('proofPoints'), type: 'list' },
    { source: 'isActive', label: label('isActive'), type: 'boolean', inList: true, filter: true, sortable: true },
    { source: 'updatedAt', label: label('updatedAt'), type: 'date', inList: true, sortable: true, readOnly: true },
  ],
  label: 'app.layout.titles.battlecards',
};

export default battlecards;
