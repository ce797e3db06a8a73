/** The portal's languages; English is the default and ships with every page. */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

// react-admin's localStorageStore keeps the chosen locale under this key, JSON-encoded.
const STORE_KEY = 'RaStore.locale';

/** The language chosen in the top bar (or on the sign-in card), read where react-admin is not loaded. */
export const storedLocale = (): Locale => {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') === 'fr' ? 'fr' : 'en';
  } catch {
    return 'en';
  }
};

/** Remembers `locale` the way react-admin's store does, so <Admin> starts in it. */
export const storeLocale = (locale: Locale) => localStorage.setItem(STORE_KEY, JSON.stringify(locale));
