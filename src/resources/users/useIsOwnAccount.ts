import { usePortalAuth } from '@/authProvider';
import type { UserRecord } from './userTypes';

/** The server refuses disabling, deleting and demoting one's own account (spec 6): the screen disables them and says why. */
export const useIsOwnAccount = () => {
  const email = usePortalAuth().currentUser()?.email?.toLowerCase();
  return (user: Pick<UserRecord, 'email'>) => email !== undefined && user.email.toLowerCase() === email;
};
