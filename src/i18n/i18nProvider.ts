import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { LOCALES } from './locale';

/** A remembered French choice needs no initial locale: <Admin> reads it from its store before its first render. */
export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'fr' ? import('./fr').then((module) => module.fr) : en), 'en', [
  ...LOCALES,
]);
