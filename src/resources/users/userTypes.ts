import type { Identifier } from 'react-admin';
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

/** spec 7: the list query's optional search, role and isActive (a boolean, sent as 'true'/'false'); beyond it, deleted. */
export const toListFilter = ({ search, role, status }: UserFilters) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(role !== 'all' ? { role } : {}),
  ...(status === 'deleted' ? { deleted: true } : status !== 'all' ? { isActive: status === 'active' } : {}),
});

export type UserDialogState = { kind: 'create' } | { kind: 'edit' | 'resetPassword' | 'delete'; user: UserRecord } | null;
