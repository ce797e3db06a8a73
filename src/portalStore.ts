import { localStorageStore, type Store } from 'react-admin';
import { isLocale } from '@/i18n/locale';
import { LIST_PREFERENCES_PREFIX } from '@/shared/listPreferences';

// Preferences of the person at this browser, not of the account: signing out keeps them, so
// the sign-in page stays in the chosen language.
const KEPT_ON_SIGN_OUT = ['locale', 'theme'];

const readable = (key: string, value: unknown): unknown =>
  key === 'locale' && value !== undefined && !isLocale(value) ? undefined : value;

/**
 * Its reset on sign-out keeps the preferences above and each admin's list preferences (under their uid). A stored
 * locale that is none of the portal's languages reads as none: react-admin hands it to every date and number format.
 */
export const createPortalStore = (): Store => {
  const store = localStorageStore();
  return {
    ...store,
    getItem: <T>(key: string, defaultValue?: T): T | undefined => {
      const value = readable(key, store.getItem<T>(key));
      return value === undefined ? defaultValue : (value as T);
    },
    subscribe: (key, callback) => store.subscribe(key, (value) => callback(readable(key, value))),
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
