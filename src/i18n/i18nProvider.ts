import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** react-admin's i18nProvider over the English catalogue (screens inside <Admin>). */
export const i18nProvider = polyglotI18nProvider(() => en, 'en');
