import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

/** The detection categories the catalogues word (spec 3: FAQ, NEW_INQUIRY, or names containing OBJECTION). */
export const KNOWN_CATEGORIES = [
  'FAQ',
  'NEW_INQUIRY',
  'OBJECTION',
  'PRICE_OBJECTION',
  'VALUE_OBJECTION',
  'TIMING_OBJECTION',
  'AUTHORITY_OBJECTION',
  'NEED_OBJECTION',
  'COMPETITOR_OBJECTION',
  'TRUST_OBJECTION',
  'INTEGRATION_OBJECTION',
  'SECURITY_OBJECTION',
  'ADOPTION_OBJECTION',
] as const;

const known = new Set<string>(KNOWN_CATEGORIES);

/** 'SOME_NEW_TOPIC' -> 'some new topic': an unknown code still reads as words. */
const words = (code: string) => code.toLowerCase().replace(/_+/g, ' ').trim();

/**
 * A category as a worded, translated label: the catalogue's for the known codes,
 * 'Objection: <topic>' for another objection, else the code's own words in sentence case.
 */
export const useCategoryLabel = () => {
  const translate = useTranslate();
  return useCallback(
    (category: string): string => {
      if (known.has(category)) return translate(`app.sessions.categories.${category}`);
      const topic = words(category.replace(/_?OBJECTION_?/g, ' '));
      if (/OBJECTION/.test(category) && topic) return translate('app.sessions.categories.otherObjection', { topic });
      const text = words(category) || category;
      return text.charAt(0).toUpperCase() + text.slice(1);
    },
    [translate],
  );
};
