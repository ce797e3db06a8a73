import { landmineSchema } from '@/contract/landmines';
import type { ResourceDeclaration } from '@/resources/types';

/** spec 7: one call returns them all. */
const landmines: ResourceDeclaration = {
  name: 'landmines',
  api: {
    dialect: 'spec',
    path: '/landmines',
    listKey: 'landmines',
    itemKey: 'landmine',
    paging: 'all',
    idField: '_id',
  },
  schema: landmineSchema,
};

export default landmines;
