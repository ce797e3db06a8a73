import { SPEECH_RATE_DEFAULTS } from '@/contract/speechRate';
import type { SentimentEntry, SessionDetail, Speaker, SpeechRateAlert, Transcript } from '@/resources/sessions/sessionTypes';
import { countWords, type SentimentTrend, valenceOf } from './sessionStats';
import { toMillis } from './timeline';

const round1 = (value: number) => Math.round(value * 10) / 10;

export interface SentimentPoint {
  minute: number;
  /** Mean valence (-1..1) of the speaker's entries around this minute, 2 decimals. */
  score: number;
  /** A click on the point opens the entry nearest this moment. */
  timestamp: string;
}

/** A long call gets a longer step. */
const MAX_SENTIMENT_POINTS = 60;

/** A mean over a window of at least 5 minutes, so one "happy" between two "neutral"s no longer makes the line jump. */
export const sentimentSeries = (
  entries: readonly SentimentEntry[],
  start: number,
  speaker: Speaker,
  durationSeconds: number,
): SentimentPoint[] => {
  const own = entries
    .filter((entry) => entry.speaker === speaker)
    .map((entry) => ({ at: (toMillis(entry.timestamp) - start) / 1_000, valence: valenceOf(entry), timestamp: entry.timestamp }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at);
  if (own.length === 0) return [];
  const end = Math.max(durationSeconds, own[own.length - 1].at);
  const step = Math.max(60, Math.ceil(end / MAX_SENTIMENT_POINTS / 60) * 60);
  const reach = Math.max(300, end / 6) / 2;
  const points: SentimentPoint[] = [];
  for (let at = 0; at <= end + step / 2; at += step) {
    const near = own.filter((entry) => Math.abs(entry.at - at) <= reach);
    if (near.length === 0) continue;
    const score = near.reduce((sum, entry) => sum + entry.valence, 0) / near.length;
    const nearest = near.reduce((best, entry) => (Math.abs(entry.at - at) < Math.abs(best.at - at) ? entry : best));
    points.push({ minute: round1(at / 60), score: Math.round(score * 100) / 100, timestamp: nearest.timestamp });
  }
  return points;
};

/** The points the caption's "began" and "ended" come from, so the line, the caption and the header never disagree. */
export const seriesTrend = (points: readonly SentimentPoint[]): SentimentTrend => {
  if (points.length < 2) return 'unknown';
  const change = points[points.length - 1].score - points[0].score;
  return change > 0.15 ? 'improving' : change < -0.15 ? 'declining' : 'steady';
};

export const customerTrend = (session: Pick<SessionDetail, 'sentimentAnalysis' | 'startTime' | 'duration'>): SentimentTrend =>
  seriesTrend(sentimentSeries(session.sentimentAnalysis?.entries ?? [], toMillis(session.startTime), 'customer', session.duration ?? 0));

export const sentimentLevel = (score: number): 'negative' | 'slightlyNegative' | 'neutral' | 'slightlyPositive' | 'positive' =>
  score <= -0.4 ? 'negative' : score < -0.1 ? 'slightlyNegative' : score <= 0.1 ? 'neutral' : score < 0.4 ? 'slightlyPositive' : 'positive';

const MAX_RATE_POINTS = 360;

export interface RateSeries {
  intervalSeconds: number;
  points: { minute: number; wpm: number }[];
}

/** spec 3's monitoring rule; each interval holds the fastest rate in it, so the chart and the alerts never disagree. */
export const speakingRate = (
  transcripts: readonly Transcript[],
  start: number,
  durationSeconds: number,
  windowSeconds: number,
  speaker: Speaker = 'salesperson',
): RateSeries => {
  const intervalSeconds = Math.max(windowSeconds, Math.ceil(durationSeconds / MAX_RATE_POINTS));
  const count = Math.max(1, Math.ceil(durationSeconds / intervalSeconds));
  const points = Array.from({ length: count }, (_, index) => ({ minute: round1((index * intervalSeconds) / 60), wpm: 0 }));
  const said = transcripts
    .filter((t) => t.speaker === speaker)
    .map((t) => ({ at: toMillis(t.timestamp), words: countWords(t.text) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at);
  let first = 0;
  let words = 0;
  for (const utterance of said) {
    words += utterance.words;
    // The window is (at - windowSeconds, at], as the alerts count it.
    while (said[first].at <= utterance.at - windowSeconds * 1_000) words -= said[first++].words;
    const index = Math.floor((utterance.at - start) / (intervalSeconds * 1_000));
    if (index < 0 || index >= count) continue;
    points[index].wpm = Math.max(points[index].wpm, Math.round((words * 60) / windowSeconds));
  }
  return { intervalSeconds, points };
};

export const monitoringWindow = (alerts: readonly SpeechRateAlert[], settings?: { time_window: number } | null): number =>
  alerts.find((alert) => alert.time_window > 0)?.time_window ??
  (settings && settings.time_window > 0 ? settings.time_window : SPEECH_RATE_DEFAULTS.time_window);

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
  alert: number | null;
}

/** One row per interval: recharts matches a second data set by index, not by minute. */
export const withAlerts = ({ intervalSeconds, points }: RateSeries, alerts: readonly SpeechRateAlert[], start: number): RateBucket[] => {
  const fastest = new Map<number, number>();
  for (const alert of alerts) {
    const index = Math.floor((toMillis(alert.timestamp) - start) / (intervalSeconds * 1_000));
    const wpm = Math.round(alert.words_per_minute);
    if (Number.isFinite(index) && wpm > (fastest.get(index) ?? -1)) fastest.set(index, wpm);
  }
  return points.map((point, index) => ({ ...point, alert: fastest.get(index) ?? null }));
};

/** One unit on the tab: words per minute. */
export const alertWording = (alert: SpeechRateAlert, number: (value: number) => string) => ({
  wpm: number(alert.words_per_minute),
  limit: alert.time_window > 0 ? number(Math.round((alert.max_words * 60) / alert.time_window)) : number(alert.max_words),
  words: number(alert.total_words),
  window: number(alert.time_window),
});
