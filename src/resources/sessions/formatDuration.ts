import type { Locale } from 'date-fns';
import { formatDateTime } from '@/i18n/dateFormat';

/** Whole hours, minutes and seconds of a duration, and which of spec 9's three forms it takes. */
export const durationParts = (totalSeconds: number) => {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const form: 'hms' | 'ms' | 's' = h > 0 ? 'hms' : m > 0 ? 'ms' : 's';
  return { h, m, s, form };
};

/** spec 9: start time as 'MMM dd, yyyy HH:mm' (in French, day first); an unreadable value is shown as it came. */
export const formatStartTime = (value: string, locale?: Locale): string => formatDateTime(value, locale);

/** Seconds into the call as m:ss or h:mm:ss, for timeline rows and chart axes. */
export const formatOffset = (totalSeconds: number): string => {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** spec 9: relevance (0-1) in percent, 0 decimals. */
export const relevancePercent = (score: number): number => Math.round(score * 100);

/** spec 9: a confidence in percent; scores in 0-1 are scaled, larger ones already are percentages. */
export const confidencePercent = (value: number): number => (value <= 1 ? value * 100 : value);
