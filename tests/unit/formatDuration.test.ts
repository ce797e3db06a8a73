import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { formatDateTime, formatDay } from '@/i18n/dateFormat';
import { en } from '@/i18n/en';
import { formatOffset, formatStartTime } from '@/resources/sessions/formatDuration';
import { createSessionFormat } from '@/resources/sessions/useSessionFormat';

// The formats as the screens write them in English (useSessionFormat with the English catalogue).
const english = createSessionFormat('en', polyglotI18nProvider(() => en, 'en').translate);
const formatDuration = english.duration;
const formatRelevance = english.relevance;
const formatConfidence = english.confidence;

describe('formatDuration (spec 9: Xh Ym Zs, Ym Zs or Zs)', () => {
  it('shows seconds alone under a minute', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59)).toBe('59s');
  });

  it('shows minutes and seconds under an hour', () => {
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(754)).toBe('12m 34s');
  });

  it('shows hours, minutes and seconds from an hour', () => {
    expect(formatDuration(3600)).toBe('1h 0m 0s');
    expect(formatDuration(3 * 3600 + 5 * 60 + 7)).toBe('3h 5m 7s');
  });

  it('drops fractions and treats bad values as zero', () => {
    expect(formatDuration(61.9)).toBe('1m 1s');
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('formatStartTime (spec 9: MMM dd, yyyy HH:mm)', () => {
  it('formats the start time in the local zone', () => {
    const iso = '2025-03-05T09:07:00.000Z';
    expect(formatStartTime(iso)).toBe(format(new Date(iso), 'MMM dd, yyyy HH:mm'));
    expect(formatStartTime(iso)).toMatch(/^Mar 0\d, 2025 \d\d:07$/);
  });

  it('writes the day first in French, as French does, and the month first in English', () => {
    // a local time: the same wall clock in any zone the tests run in
    const iso = new Date(2026, 10, 25, 18, 47).toISOString();
    expect(formatStartTime(iso, fr)).toBe('25 nov. 2026 18:47');
    expect(formatStartTime(iso, enUS)).toBe('Nov 25, 2026 18:47');
    expect(formatDay(iso, fr)).toBe('25 nov. 2026');
    expect(formatDateTime(iso, fr)).toBe(formatStartTime(iso, fr));
  });

  it('shows an unreadable value as it came', () => {
    expect(formatStartTime('not a date')).toBe('not a date');
  });
});

describe('the other session formats', () => {
  it('shows relevance as a percentage with 0 decimals', () => {
    expect(formatRelevance(0.876)).toBe('88%');
    expect(formatRelevance(1)).toBe('100%');
  });

  it('shows confidence with the decimals asked for', () => {
    expect(formatConfidence(0.8768, 1)).toBe('87.7%');
    expect(formatConfidence(0.8768, 0)).toBe('88%');
    expect(formatConfidence(87.65, 1)).toBe('87.7%');
  });

  it('shows a moment of the call as m:ss or h:mm:ss', () => {
    expect(formatOffset(5)).toBe('0:05');
    expect(formatOffset(125)).toBe('2:05');
    expect(formatOffset(3725)).toBe('1:02:05');
  });
});
