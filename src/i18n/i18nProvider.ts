import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { LOCALES } from './locale';

/**
 * react-admin's i18nProvider (screens inside <Admin>). English is synchronous; French is
 * its own chunk, fetched on first use. A remembered French choice needs no initial locale
 * here: <Admin> reads `locale` from its store and switches before its first render.
 */
export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'fr' ? import('./fr').then((module) => module.fr) : en), 'en', [
  ...LOCALES,
]);
