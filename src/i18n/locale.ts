/** The portal's languages; English is the default and ships with every page. */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

/** Whether `value` is one of the portal's languages (a stored value may be anything: an old build's, a hand edit). */
export const isLocale = (value: unknown): value is Locale => LOCALES.some((entry) => entry.locale === value);

// react-admin's localStorageStore keeps the chosen locale under this key, JSON-encoded.
const STORE_KEY = 'RaStore.locale';

/** The language chosen in the top bar (or on the sign-in card), read where react-admin is not loaded. */
export const storedLocale = (): Locale => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
};

/** Remembers `locale` the way react-admin's store does, so <Admin> starts in it. */
export const storeLocale = (locale: Locale) => localStorage.setItem(STORE_KEY, JSON.stringify(locale));
