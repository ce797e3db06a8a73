import { format as formatDay, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { InsightEffect } from '@/contract/insights';
import { datePatterns, useDateLocale } from '@/i18n/dateFormat';
import { useSessionFormat } from '@/resources/sessions/useSessionFormat';

/** Rates per 100 calls are shown, and exported, with one decimal. */
export const RATE_DECIMALS = 1;

/** A sign in front of every non-zero figure, as the typographic minus (read as "minus"). */
const withSign = (text: string, value: number) => (value > 0 ? `+${text}` : value < 0 ? `\u2212${text.replace(/^[-\u2212]/, '')}` : text);

/**
 * The page's figures in the language chosen in the top bar: counts, shares and durations as the
 * session detail writes them, signed changes, sentiment effects with their interval, and the
 * days and weeks (UTC calendar days, read as days rather than instants so no timezone moves them).
 */
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
    /** "+0.42 (−0.10 to +0.90)", or "Too few calls (3)" below the minimum of cases: never a bare average. */
    const effect = ({ mean, low, high, cases: count }: InsightEffect) =>
      mean === null || low === null || high === null
        ? translate('app.insights.answers.tooFew', { count: session.number(count) })
        : translate('app.insights.answers.effect', { mean: signedDecimal(mean), low: signedDecimal(low), high: signedDecimal(high) });
    return {
      ...session,
      count: (value: number) => session.number(value),
      /** A change in a count: +5, −3, 0. */
      change: (value: number) => withSign(session.number(Math.abs(value)), value),
      signedDecimal,
      /** A share (0-1) in percent, no decimals. */
      share: (value: number) => session.percent(value * 100),
      noValue: translate('app.insights.noValue'),
      /** A rate per 100 calls, one decimal: "12.5". */
      rate: (value: number) => session.number(value, RATE_DECIMALS),
      /** A change of rate: "+2.5", "−0.4". */
      rateChange: (value: number) => signedDecimal(value, RATE_DECIMALS),
      /** A week by its Monday, in the app's day format without the year: "Mar 03" / "3 mars". */
      week: (value: string) => day(value, datePatterns(locale).date.replace(/,? ?y+/, '')),
      /** A day in the app's date format: "Mar 03, 2026" / "3 mars 2026". */
      day: (value: string) => day(value, datePatterns(locale).date),
      effect,
      /** "+0.42 (−0.10 to +0.90), 18 cases", or "Too few calls (3)". */
      effectWithCases: (value: InsightEffect) =>
        value.mean === null
          ? effect(value)
          : translate('app.insights.answers.effectCases', { effect: effect(value), cases: cases(value.cases) }),
      cases,
    };
  }, [session, locale, translate]);
};

export type InsightsFormat = ReturnType<typeof useInsightsFormat>;
