import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** react-admin's i18nProvider over the English catalogue. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en');

/**
 * The same catalogue for screens rendered outside <Admin> (sign-in, sign-up, the error
 * fallback). ra-i18n-polyglot only pulls in node-polyglot, so these screens stay free of
 * react-admin's bundle.
 */
export const translate = (key: string, options?: Record<string, unknown>): string =>
  i18nProvider.translate(key, options);
