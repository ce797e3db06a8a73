import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider/types';
import type { UserRecord } from './userTypes';
import { useErrorText } from '@/shared/useErrorText';

/** 409 EMAIL_HELD_BY_DELETED: the deleted user is found through the list's Deleted filter. */
export const useDeletedEmailOffer = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const toText = useErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const findDeleted = async (email: string): Promise<UserRecord> => {
    const { data } = await dataProvider.getList<UserRecord>('users', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { deleted: true, search: email },
    });
    const held = data.find((user) => user.email.toLowerCase() === email.toLowerCase() && !user.emailFreed);
    if (!held) throw new Error('no deleted user holds this email');
    return held;
  };

  const run = async (email: string, choice: 'restore' | 'freeEmail'): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const held = await findDeleted(email);
      await (choice === 'restore' ? dataProvider.restoreUser(held.id) : dataProvider.freeUserEmail(held.id));
      return true;
    } catch (failure) {
      setError(toText(failure, `app.users.errors.${choice}`));
      return false;
    } finally {
      setPending(false);
    }
  };

  return { pending, error, run, dismiss: () => setError(null) };
};
