import { describe, expect, it } from 'vitest';
import { seriesTrend, speakingRate, withAlerts } from '@/resources/sessions/detail/chartSeries';
import { generateSession } from '../../server/seed/sessions';
import type { SpeechRateAlert } from '@/resources/sessions/sessionTypes';

const start = Date.UTC(2025, 2, 5, 10, 0, 0);
const alertAt = (second: number, wpm: number): SpeechRateAlert => ({
  timestamp: new Date(start + second * 1000).toISOString(),
  words_per_minute: wpm,
  total_words: 100,
  time_window: 30,
  max_words: 75,
});
const buckets = { intervalSeconds: 60, points: [0, 1, 2, 3].map((minute) => ({ minute, wpm: 100 + minute })) };

describe('withAlerts (the speech-rate chart: one row per interval)', () => {
  it('puts each alert in the interval it was raised, rounded, and null where there is none', () => {
    expect(withAlerts(buckets, [alertAt(45, 212.4), alertAt(150, 180.6)], start)).toEqual([
      { minute: 0, wpm: 100, alert: 212 },
      { minute: 1, wpm: 101, alert: null },
      { minute: 2, wpm: 102, alert: 181 },
      { minute: 3, wpm: 103, alert: null },
    ]);
  });

  it('keeps the fastest of several alerts in one interval', () => {
    expect(withAlerts(buckets, [alertAt(61, 190), alertAt(95, 240), alertAt(110, 205)], start)[1].alert).toBe(240);
  });

  it('drops alerts outside the call or with an unreadable time', () => {
    const unreadable = { ...alertAt(0, 300), timestamp: 'not a time' };
    expect(withAlerts(buckets, [alertAt(-30, 300), alertAt(600, 300), unreadable], start).map((row) => row.alert)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the speech-rate chart and the alerts agree', () => {
  it('shows every generated alert over the limit, in its interval, at its rate or faster', () => {
    const now = Date.UTC(2025, 2, 5, 12);
    let checked = 0;
    for (let index = 0; index < 40; index += 1) {
      const session = generateSession(index, { seed: 99, now });
      for (const alert of session.detail?.alerts ?? []) {
        const transcripts = session.detail!.transcripts.map(({ t, speaker, text }) => ({
          timestamp: new Date(t).toISOString(),
          speaker,
          text,
        }));
        const rate = speakingRate(transcripts, session.startTime, session.duration, alert.timeWindow);
        const row = withAlerts(rate, [], session.startTime)[Math.floor((alert.t - session.startTime) / (rate.intervalSeconds * 1_000))];
        expect(row.wpm).toBeGreaterThanOrEqual(Math.round(alert.wordsPerMinute));
        expect(row.wpm).toBeGreaterThan((alert.maxWords * 60) / alert.timeWindow);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('seriesTrend (the Sentiment caption: the line from its first point to its last)', () => {
  const line = (...scores: number[]) => scores.map((score, minute) => ({ minute, score, timestamp: '' }));

  it('reads the move between the two points the caption names, not the entries behind them', () => {
    // A positive start and end with a dip between: "began positive, ended positive" comes with
    // "steady", never with a trend that contradicts the words.
    expect(seriesTrend(line(0.6, -0.5, 0.6))).toBe('steady');
    expect(seriesTrend(line(0, 0.3, 0.5))).toBe('improving');
    expect(seriesTrend(line(0.5, 0.9, 0.2))).toBe('declining');
  });

  it('tells no trend from one point or none', () => {
    expect(seriesTrend(line(0.5))).toBe('unknown');
    expect(seriesTrend([])).toBe('unknown');
  });
});
