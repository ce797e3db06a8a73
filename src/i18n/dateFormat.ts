import { enUS, fr } from 'date-fns/locale';
import { useLocaleState } from 'react-admin';

/** The date-fns locale of the language chosen in the top bar: pass it as `format(date, pattern, { locale })`. */
export const useDateLocale = () => {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : enUS;
};
