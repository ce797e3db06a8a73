import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { confidencePercent, durationParts, relevancePercent } from './formatDuration';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Shared by every format of the page: building an Intl.NumberFormat costs far more than using
// one, and each row of a long timeline makes its own format (a few locales x a few precisions).
const formats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers, percentages and durations in `locale`: the digits by Intl, the units ('%', 'h m s',
 * 'wpm') from the catalogue (app.sessions.units), so French reads '82,3 %' and '12 min 34 s'
 * where English reads spec 9's '82.3%' and '12m 34s'.
 */
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
  /** Exactly `decimals` decimals. */
  const number = (value: number, decimals = 0) => formatter(decimals, decimals).format(value);
  /** Up to two decimals, none when whole: chart ticks and table cells of measured values. */
  const decimal = (value: number) => formatter(0, 2).format(value);
  /** `value` is already 0-100. */
  const percent = (value: number, decimals = 0) => translate('app.sessions.units.percent', { value: number(value, decimals) });
  return {
    number,
    decimal,
    percent,
    /** spec 9: confidence with `decimals` decimals. */
    confidence: (value: number, decimals: number) => percent(confidencePercent(value), decimals),
    /** spec 9: relevance (0-1) as a percentage with 0 decimals. */
    relevance: (score: number) => percent(relevancePercent(score)),
    /** spec 9: 'Xh Ym Zs', 'Ym Zs' or 'Zs' in English. */
    duration: (seconds: number) => {
      const { h, m, s, form } = durationParts(seconds);
      return translate(`app.sessions.units.duration.${form}`, { h: number(h), m: number(m), s: number(s) });
    },
    wordsPerMinute: (value: number) => translate('app.sessions.units.wpm', { value: number(value) }),
  };
};

/** createSessionFormat in the language chosen in the top bar. */
export const useSessionFormat = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => createSessionFormat(locale, translate), [translate, locale]);
};
