import { format as formatDay, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { InsightEffect } from '@/contract/insights';
import { datePatterns, useDateLocale } from '@/i18n/dateFormat';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';

export const RATE_DECIMALS = 1;

/** The typographic minus, read as "minus". */
const withSign = (text: string, value: number) => (value > 0 ? `+${text}` : value < 0 ? `\u2212${text.replace(/^[-\u2212]/, '')}` : text);

/** Days and weeks are UTC calendar days, read as days rather than instants so no timezone moves them. */
export const useInsightsFormat = () => {
  const translate = useTranslate();
  const session = useSessionFormat();
  const locale = useDateLocale();
  return useMemo(() => {
    const day = (value: string, pattern: string) => {
      const date = parseISO(value);
      return Number.isNaN(date.getTime()) ? value : formatDay(date, pattern, { locale });
    };
    const signedDecimal = (value: number, decimals = 2) => withSign(session.number(Math.abs(value), decimals), value);
    const cases = (count: number) => translate('app.insights.answers.cases', { count: session.number(count), smart_count: count });
    /** Never a bare average below the minimum of cases. */
    const effect = ({ mean, low, high, cases: count }: InsightEffect) =>
      mean === null || low === null || high === null
        ? translate('app.insights.answers.tooFew', { count: session.number(count) })
        : translate('app.insights.answers.effect', { mean: signedDecimal(mean), low: signedDecimal(low), high: signedDecimal(high) });
    return {
      ...session,
      count: (value: number) => session.number(value),
      change: (value: number) => withSign(session.number(Math.abs(value)), value),
      signedDecimal,
      share: (value: number) => session.percent(value * 100),
      noValue: translate('app.insights.noValue'),
      rate: (value: number) => session.number(value, RATE_DECIMALS),
      rateChange: (value: number) => signedDecimal(value, RATE_DECIMALS),
      week: (value: string) => day(value, datePatterns(locale).date.replace(/,? ?y+/, '')),
      day: (value: string) => day(value, datePatterns(locale).date),
      effect,
      effectWithCases: (value: InsightEffect) =>
        value.mean === null
          ? effect(value)
          : translate('app.insights.answers.effectCases', { effect: effect(value), cases: cases(value.cases) }),
      cases,
    };
  }, [session, locale, translate]);
};

export type InsightsFormat = ReturnType<typeof useInsightsFormat>;
