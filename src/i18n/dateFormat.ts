import { format, type Locale } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useLocaleState } from 'react-admin';

/** The date-fns locale of the language chosen in the top bar: pass it as `format(date, pattern, { locale })`. */
export const useDateLocale = () => {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : enUS;
};

/** A stored date (ISO text) in a date-fns pattern and locale; an unreadable value is shown as it came. */
export const formatDate = (value: string, pattern: string, locale?: Locale): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern, { locale });
};

/**
 * One way to write a date per language, on every screen (lists, audit log, report). English
 * keeps the spec's 'MMM dd, yyyy HH:mm'; French puts the day before the month, as French does.
 */
const PATTERNS = {
  en: { dateTime: 'MMM dd, yyyy HH:mm', date: 'MMM dd, yyyy', time: 'HH:mm:ss' },
  fr: { dateTime: 'd MMM yyyy HH:mm', date: 'd MMM yyyy', time: 'HH:mm:ss' },
} as const;

/** The patterns of the locale's language (English when none is given). */
export const datePatterns = (locale?: Locale) => (locale?.code?.startsWith('fr') ? PATTERNS.fr : PATTERNS.en);

/** A date and time (to the minute) in the language's own order. */
export const formatDateTime = (value: string, locale?: Locale): string => formatDate(value, datePatterns(locale).dateTime, locale);

/** A day in the language's own order. */
export const formatDay = (value: string, locale?: Locale): string => formatDate(value, datePatterns(locale).date, locale);
