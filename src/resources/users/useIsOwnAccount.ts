import { usePortalAuth } from '@/authProvider';
import type { UserRecord } from './userTypes';

/**
 * Whether a row is the signed-in admin's own account (the same email, as the identity provider
 * and the profile both hold it). The server refuses its disabling, deletion and demotion (spec 6,
 * docs/security.md), so the screen disables those controls and says why.
 */
export const useIsOwnAccount = () => {
  const email = usePortalAuth().currentUser()?.email?.toLowerCase();
  return (user: Pick<UserRecord, 'email'>) => email !== undefined && user.email.toLowerCase() === email;
};
