import { lazyFrom } from '@/shared/preloadable';
import { createUserSchema, updateUserSchema, USER_DEFAULT_PAGE_SIZE } from '@/contract/users';
import type { ResourceDeclaration } from '@/resources/types';
import { loadUserList } from './loadUserList';
import { USER_FIELDS } from './userFields';
import { NO_FILTERS, toListFilter, USER_LIST_SORT } from './userTypes';

const UserList = lazyFrom(loadUserList, (m) => m.UserList);

/** spec 2, 7 */
const users: ResourceDeclaration = {
  name: 'users',
  api: {
    dialect: 'spec',
    path: '/admin/users',
    listKey: 'data.users',
    totalKey: 'data.pagination.total',
    itemKey: 'data',
    paging: 'server',
    idField: '_id',
  },
  // Write bodies keep these keys only: create sends email, password, name, role; update name, role, isActive.
  schema: createUserSchema.extend(updateUserSchema.shape),
  fields: USER_FIELDS,
  views: { list: UserList },
  // As UserList's list controller asks for its first page.
  firstRead: (rest) =>
    rest === ''
      ? {
          method: 'getList',
          params: { pagination: { page: 1, perPage: USER_DEFAULT_PAGE_SIZE }, sort: USER_LIST_SORT, filter: toListFilter(NO_FILTERS) },
        }
      : null,
};

export default users;
