import { usePortalAuth } from '@/authProvider';

/** Under the admin's uid, so two admins sharing a browser keep their own; portalStore.ts keeps them on sign-out. */
export const LIST_PREFERENCES_PREFIX = 'listPreferences';

export const usePreferenceKey = (list: string): string => {
  const uid = usePortalAuth().currentUser()?.uid ?? 'signedOut';
  return `${LIST_PREFERENCES_PREFIX}.${uid}.${list}`;
};
