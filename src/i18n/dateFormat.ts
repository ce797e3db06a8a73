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
