import { lazyFrom } from '@/shared/preloadable';
import { createUserSchema, updateUserSchema, USER_DEFAULT_PAGE_SIZE } from '@/contract/users';
import type { ResourceDeclaration } from '@/resources/types';
import { loadUserList } from './loadUserList';
import { NO_FILTERS, toListFilter, USER_LIST_SORT } from './userTypes';

// Its own chunk, like every page (docs/architecture.md).
const UserList = lazyFrom(loadUserList, (m) => m.UserList);

/** spec 2, 7: User Management at /users over /api/admin/users (server paging, `_id`). */
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
  fields: [
    { source: 'name', label: 'app.users.columns.user', inList: true },
    { source: 'email', label: 'app.users.columns.email', inList: true },
    { source: 'role', label: 'app.users.columns.role', type: 'chip', inList: true, filter: true },
    { source: 'isActive', label: 'app.users.columns.status', type: 'boolean', inList: true, filter: true },
    { source: 'lastLogin', label: 'app.users.columns.lastLogin', type: 'date', inList: true, readOnly: true },
    { source: 'createdAt', label: 'app.users.columns.created', type: 'date', inList: true, readOnly: true },
  ],
  views: { list: UserList },
  // UserList's first page, as its list controller asks for it: no filters, the default page size, its sort.
  firstRead: (rest) =>
    rest === ''
      ? {
          method: 'getList',
          params: { pagination: { page: 1, perPage: USER_DEFAULT_PAGE_SIZE }, sort: USER_LIST_SORT, filter: toListFilter(NO_FILTERS) },
        }
      : null,
};

export default users;
