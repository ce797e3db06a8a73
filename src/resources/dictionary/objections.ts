import { groupedItemSchema } from '@/contract/dictionary';
import type { ResourceDeclaration } from '@/resources/types';

/** spec 7: read as originals with their variations. */
const objections: ResourceDeclaration = {
  name: 'objections',
  api: {
    dialect: 'spec',
    path: '/dictionary/objections',
    listKey: 'objections',
    totalKey: 'pagination.total',
    paging: 'grouped',
    idField: '_id',
  },
  schema: groupedItemSchema,
};

export default objections;
