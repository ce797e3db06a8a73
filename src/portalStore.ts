import { localStorageStore, type Store } from 'react-admin';

// Preferences of the person at this browser, not of the account: signing out keeps them, so
// the sign-in page stays in the chosen language.
const KEPT_ON_SIGN_OUT = ['locale', 'theme'];

/** react-admin's localStorage store, whose reset (run on sign-out) keeps the preferences above. */
export const createPortalStore = (): Store => {
  const store = localStorageStore();
  return {
    ...store,
    reset: () => {
      const kept = KEPT_ON_SIGN_OUT.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
};
