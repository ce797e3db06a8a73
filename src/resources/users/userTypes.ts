import type { FilterPayload, Identifier, SortPayload } from 'react-admin';
import type { User } from '@/contract/users';

/** A user as react-admin holds it: the dataProvider turned `_id` into `id`. */
export type UserRecord = Omit<User, '_id'> & { id: Identifier };

/** The toolbar's filters as the user picked them ('all' = no filter). */
export interface UserFilters {
  search: string;
  role: 'all' | User['role'];
  /** 'deleted' lists the deleted users only; the other values never show them. */
  status: 'all' | 'active' | 'inactive' | 'deleted';
}

export const NO_FILTERS: UserFilters = { search: '', role: 'all', status: 'all' };

/**
 * The list's order as react-admin passes it to the dataProvider. The API orders users itself
 * (spec 7 takes no sort), so this only has to be the same on every read: UserList's and its
 * first read (index.ts) ask with it, and a saved query keeps it.
 */
export const USER_LIST_SORT: SortPayload = { field: 'id', order: 'DESC' };

/**
 * spec 7: the list query's optional search, role and isActive (a boolean, sent as 'true'/'false'); beyond it, deleted.
 * The list controller holds this form as its filter values, so the server receives them as they are.
 */
export const toListFilter = ({ search, role, status }: UserFilters) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(role !== 'all' ? { role } : {}),
  ...(status === 'deleted' ? { deleted: true } : status !== 'all' ? { isActive: status === 'active' } : {}),
});

/** The toolbar's filters for the list's filter values (what toListFilter made of them). */
export const fromListFilter = (filter: FilterPayload): UserFilters => ({
  search: typeof filter.search === 'string' ? filter.search : '',
  role: filter.role === 'admin' || filter.role === 'user' ? filter.role : 'all',
  status: filter.deleted === true ? 'deleted' : filter.isActive === true ? 'active' : filter.isActive === false ? 'inactive' : 'all',
});

export type UserDialogState = { kind: 'create' } | { kind: 'edit' | 'resetPassword' | 'delete'; user: UserRecord } | null;
