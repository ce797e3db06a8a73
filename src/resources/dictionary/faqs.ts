import { groupedItemSchema } from '@/contract/dictionary';
import type { ResourceDeclaration } from '@/resources/types';

/** spec 7: read as originals with their variations. */
const faqs: ResourceDeclaration = {
  name: 'faqs',
  api: {
    dialect: 'spec',
    path: '/dictionary/faqs',
    listKey: 'faqs',
    totalKey: 'pagination.total',
    paging: 'grouped',
    idField: '_id',
  },
  schema: groupedItemSchema,
};

export default faqs;
