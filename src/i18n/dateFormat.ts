import { format, type Locale } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useLocaleState } from 'react-admin';

export const useDateLocale = () => {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : enUS;
};

/** An unreadable value is shown as it came. */
export const formatDate = (value: string, pattern: string, locale?: Locale): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern, { locale });
};

/** English keeps the spec's 'MMM dd, yyyy HH:mm'; French puts the day before the month. */
const PATTERNS = {
  en: { dateTime: 'MMM dd, yyyy HH:mm', date: 'MMM dd, yyyy', time: 'HH:mm:ss' },
  fr: { dateTime: 'd MMM yyyy HH:mm', date: 'd MMM yyyy', time: 'HH:mm:ss' },
} as const;

export const datePatterns = (locale?: Locale) => (locale?.code?.startsWith('fr') ? PATTERNS.fr : PATTERNS.en);

export const formatDateTime = (value: string, locale?: Locale): string => formatDate(value, datePatterns(locale).dateTime, locale);

export const formatDay = (value: string, locale?: Locale): string => formatDate(value, datePatterns(locale).date, locale);
