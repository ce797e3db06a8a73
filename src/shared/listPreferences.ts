import { usePortalAuth } from '@/authProvider';

/**
 * Where a list's preferences (hidden columns, saved queries) live in react-admin's store: under
 * the signed-in admin's uid, so two admins sharing a browser keep their own. portalStore.ts keeps
 * this prefix on sign-out, as the uid already tells admins apart.
 */
export const LIST_PREFERENCES_PREFIX = 'listPreferences';

/** The store key of one list's preferences; react-admin's saved queries append `.savedQueries`, the columns `.hiddenColumns`. */
export const usePreferenceKey = (list: string): string => {
  const uid = usePortalAuth().currentUser()?.uid ?? 'signedOut';
  return `${LIST_PREFERENCES_PREFIX}.${uid}.${list}`;
};
