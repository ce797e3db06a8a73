import { describe, expect, it } from 'vitest';
import { withAlerts } from '@/customPages/sessionDetail/chartSeries';
import type { SpeechRateAlert } from '@/resources/sessions/sessionTypes';

const start = Date.UTC(2025, 2, 5, 10, 0, 0);
const alertAt = (second: number, wpm: number): SpeechRateAlert => ({
  timestamp: new Date(start + second * 1000).toISOString(),
  words_per_minute: wpm,
  total_words: 100,
  time_window: 30,
  max_words: 75,
});
const buckets = [0, 1, 2, 3].map((minute) => ({ minute, wpm: 100 + minute }));

describe('withAlerts (the speech-rate chart: one row per minute)', () => {
  it('puts each alert in the minute it was raised, rounded, and null where there is none', () => {
    expect(withAlerts(buckets, [alertAt(45, 212.4), alertAt(150, 180.6)], start)).toEqual([
      { minute: 0, wpm: 100, alert: 212 },
      { minute: 1, wpm: 101, alert: null },
      { minute: 2, wpm: 102, alert: 181 },
      { minute: 3, wpm: 103, alert: null },
    ]);
  });

  it('keeps the fastest of several alerts in one minute', () => {
    expect(withAlerts(buckets, [alertAt(61, 190), alertAt(95, 240), alertAt(110, 205)], start)[1].alert).toBe(240);
  });

  it('drops alerts outside the call or with an unreadable time', () => {
    const unreadable = { ...alertAt(0, 300), timestamp: 'not a time' };
    expect(withAlerts(buckets, [alertAt(-30, 300), alertAt(600, 300), unreadable], start).map((row) => row.alert)).toEqual([null, null, null, null]);
  });
});
