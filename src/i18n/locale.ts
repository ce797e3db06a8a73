export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

/** A stored value may be anything: an old build's, a hand edit. */
export const isLocale = (value: unknown): value is Locale => LOCALES.some((entry) => entry.locale === value);

// react-admin's localStorageStore keeps the chosen locale under this key, JSON-encoded.
const STORE_KEY = 'RaStore.locale';

/** Read where react-admin is not loaded. */
export const storedLocale = (): Locale => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
};

export const storeLocale = (locale: Locale) => localStorage.setItem(STORE_KEY, JSON.stringify(locale));
