import type { SentimentEntry, Speaker, SpeechRateAlert, Transcript } from '@/resources/sessions/sessionTypes';
import { countWords, valenceOf } from './sessionStats';
import { toMillis } from './timeline';

const round1 = (value: number) => Math.round(value * 10) / 10;
const minuteOf = (timestamp: string, start: number) => round1((toMillis(timestamp) - start) / 60_000);

export interface SentimentPoint {
  minute: number;
  score: number;
  emotion: string;
  timestamp: string;
}

/** Each speaker's sentiment over the call: valence (-1..1) smoothed over their last `window` entries. */
export const sentimentSeries = (entries: readonly SentimentEntry[], start: number, speaker: Speaker, window = 3): SentimentPoint[] => {
  const own = entries.filter((entry) => entry.speaker === speaker && !Number.isNaN(toMillis(entry.timestamp)));
  return own.map((entry, index) => {
    const recent = own.slice(Math.max(0, index - window + 1), index + 1);
    const score = recent.reduce((sum, e) => sum + valenceOf(e), 0) / recent.length;
    return { minute: minuteOf(entry.timestamp, start), score: Math.round(score * 100) / 100, emotion: entry.dominant_emotion, timestamp: entry.timestamp };
  });
};

/** Words per minute of one speaker, minute by minute of the call (spoken words counted in the minute they start). */
export const wordsPerMinute = (transcripts: readonly Transcript[], start: number, durationSeconds: number, speaker: Speaker = 'salesperson') => {
  const minutes = Math.max(1, Math.ceil(durationSeconds / 60));
  const buckets = Array.from({ length: minutes }, (_, minute) => ({ minute, wpm: 0 }));
  for (const t of transcripts) {
    if (t.speaker !== speaker) continue;
    const minute = Math.floor((toMillis(t.timestamp) - start) / 60_000);
    if (minute >= 0 && minute < minutes) buckets[minute].wpm += countWords(t.text);
  }
  return buckets;
};

/** The configured limit in words per minute: max_words in time_window seconds, from the alerts or the settings. */
export const wordsPerMinuteLimit = (
  alerts: readonly SpeechRateAlert[],
  settings?: { time_window: number; max_words: number } | null,
): number | null => {
  const source = alerts.find((alert) => alert.time_window > 0) ?? (settings && settings.time_window > 0 ? settings : null);
  return source ? Math.round((source.max_words * 60) / source.time_window) : null;
};

export interface RateBucket {
  minute: number;
  wpm: number;
  /** The fastest alert raised in this minute, in words per minute; null without one. */
  alert: number | null;
}

/**
 * The words-per-minute buckets with the alerts of each minute folded in: one data row per
 * minute, so the chart's tooltip and its points stay on the same minute (recharts matches a
 * second data set by index, not by minute).
 */
export const withAlerts = (buckets: readonly { minute: number; wpm: number }[], alerts: readonly SpeechRateAlert[], start: number): RateBucket[] => {
  const fastest = new Map<number, number>();
  for (const alert of alerts) {
    const minute = Math.floor((toMillis(alert.timestamp) - start) / 60_000);
    const wpm = Math.round(alert.words_per_minute);
    if (Number.isFinite(minute) && wpm > (fastest.get(minute) ?? -1)) fastest.set(minute, wpm);
  }
  return buckets.map((bucket) => ({ ...bucket, alert: fastest.get(bucket.minute) ?? null }));
};
