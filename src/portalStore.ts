import { localStorageStore, type Store } from 'react-admin';
import { LIST_PREFERENCES_PREFIX } from '@/shared/listPreferences';

// Preferences of the person at this browser, not of the account: signing out keeps them, so
// the sign-in page stays in the chosen language.
const KEPT_ON_SIGN_OUT = ['locale', 'theme'];

/**
 * react-admin's localStorage store, whose reset (run on sign-out) keeps the preferences above
 * and each admin's list preferences (stored under their uid, so the next admin does not see them).
 */
export const createPortalStore = (): Store => {
  const store = localStorageStore();
  return {
    ...store,
    reset: () => {
      const kept = [
        ...KEPT_ON_SIGN_OUT.map((key) => [key, store.getItem(key)] as const),
        ...Object.entries(store.listItems?.(`${LIST_PREFERENCES_PREFIX}.`) ?? {}),
      ];
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
};
