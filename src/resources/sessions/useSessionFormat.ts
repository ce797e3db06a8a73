import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { confidencePercent, durationParts, relevancePercent } from './formatDuration';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Building an Intl.NumberFormat costs far more than using one, and each timeline row formats.
const formats = new Map<string, Intl.NumberFormat>();

/** The units come from the catalogue, so French reads '82,3 %' and '12 min 34 s' where English reads spec 9's '82.3%'. */
export const createSessionFormat = (locale: string, translate: Translate) => {
  const formatter = (minimumFractionDigits: number, maximumFractionDigits: number) => {
    const key = `${locale} ${minimumFractionDigits}-${maximumFractionDigits}`;
    let found = formats.get(key);
    if (!found) {
      found = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
      formats.set(key, found);
    }
    return found;
  };
  const number = (value: number, decimals = 0) => formatter(decimals, decimals).format(value);
  /** Up to two decimals, none when whole: chart ticks and measured values. */
  const decimal = (value: number) => formatter(0, 2).format(value);
  const percent = (value: number, decimals = 0) => translate('app.sessions.units.percent', { value: number(value, decimals) });
  return {
    number,
    decimal,
    percent,
    /** spec 9 */
    confidence: (value: number, decimals: number) => percent(confidencePercent(value), decimals),
    /** spec 9 */
    relevance: (score: number) => percent(relevancePercent(score)),
    /** spec 9 */
    duration: (seconds: number) => {
      const { h, m, s, form } = durationParts(seconds);
      return translate(`app.sessions.units.duration.${form}`, { h: number(h), m: number(m), s: number(s) });
    },
    wordsPerMinute: (value: number) => translate('app.sessions.units.wpm', { value: number(value) }),
  };
};

export const useSessionFormat = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => createSessionFormat(locale, translate), [translate, locale]);
};
