import type { FilterPayload, Identifier, SortPayload } from 'react-admin';
import type { User } from '@/contract/users';

export type UserRecord = Omit<User, '_id'> & { id: Identifier };

/** 'all' = no filter. */
export interface UserFilters {
  search: string;
  role: 'all' | User['role'];
  /** 'deleted' lists the deleted users only. */
  status: 'all' | 'active' | 'inactive' | 'deleted';
}

export const NO_FILTERS: UserFilters = { search: '', role: 'all', status: 'all' };

/** spec 7 takes no sort: this only has to be the same on every read (the list's, its first read, a saved query). */
export const USER_LIST_SORT: SortPayload = { field: 'id', order: 'DESC' };

/** spec 7: isActive is sent as 'true'/'false'; `deleted` is beyond it. */
export const toListFilter = ({ search, role, status }: UserFilters) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(role !== 'all' ? { role } : {}),
  ...(status === 'deleted' ? { deleted: true } : status !== 'all' ? { isActive: status === 'active' } : {}),
});

export const fromListFilter = (filter: FilterPayload): UserFilters => ({
  search: typeof filter.search === 'string' ? filter.search : '',
  role: filter.role === 'admin' || filter.role === 'user' ? filter.role : 'all',
  status: filter.deleted === true ? 'deleted' : filter.isActive === true ? 'active' : filter.isActive === false ? 'inactive' : 'all',
});

export type UserDialogState = { kind: 'create'; email?: string } | { kind: 'edit' | 'resetPassword' | 'delete'; user: UserRecord } | null;
