import { groupedItemSchema } from '@/contract/dictionary';
import type { ResourceDeclaration } from '@/resources/types';

/** spec 7: FAQs, read as originals with their variations (GET /dictionary/faqs/grouped). */
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
