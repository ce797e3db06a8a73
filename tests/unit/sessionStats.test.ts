import { describe, expect, it } from 'vitest';
import { monitoringWindow, speakingRate, wordsPerMinuteLimit } from '@/resources/sessions/detail/chartSeries';
import {
  countWords,
  detectionsByCategory,
  longestMonologues,
  questionsPerSpeaker,
  talkRatio,
} from '@/resources/sessions/detail/sessionStats';
import type { Speaker, Transcript } from '@/resources/sessions/sessionTypes';

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 10, 0, second)).toISOString();
const say = (second: number, speaker: Speaker, text: string): Transcript => ({ timestamp: at(second), speaker, text });

const call = [
  say(0, 'salesperson', 'Hi there, thanks for joining today. Can you hear me?'),
  say(5, 'customer', 'Yes.'),
  say(8, 'salesperson', 'Great. Let me walk you through the plan.'),
  say(20, 'salesperson', 'It covers everything you asked about last week.'),
  say(40, 'customer', 'How much is it?? And when can we start?'),
  say(50, 'salesperson', 'Next month.'),
];

describe('talkRatio (share of words per speaker)', () => {
  it('counts words, not turns', () => {
    const ratio = talkRatio(call);
    expect(ratio.words).toEqual({ salesperson: 28, customer: 10 });
    expect(ratio.share).toEqual({ salesperson: 74, customer: 26 });
  });

  it('is zero for both without words', () => {
    expect(talkRatio([]).share).toEqual({ salesperson: 0, customer: 0 });
    expect(countWords('  ')).toBe(0);
  });
});

describe('longestMonologues', () => {
  it('measures each side’s longest run until the other side replies', () => {
    const longest = longestMonologues(call);
    expect(longest.salesperson).toEqual({ seconds: 32, words: 16, timestamp: at(8) });
    expect(longest.customer).toEqual({ seconds: 10, words: 9, timestamp: at(40) });
  });

  it('ends the last run at its own last sentence, and is null for a silent side', () => {
    const longest = longestMonologues([say(0, 'salesperson', 'one two'), say(30, 'salesperson', 'three')]);
    expect(longest.salesperson).toEqual({ seconds: 30, words: 3, timestamp: at(0) });
    expect(longest.customer).toBeNull();
  });
});

describe('questionsPerSpeaker', () => {
  it('counts question marks once per question', () => {
    expect(questionsPerSpeaker(call)).toEqual({ salesperson: 1, customer: 2 });
  });
});

describe('detectionsByCategory', () => {
  it('counts objections, FAQs and new inquiries by category, most frequent first', () => {
    const d = (category: string) => ({ timestamp: at(0), category, relevance_score: 0.5, question: 'q' });
    expect(
      detectionsByCategory({
        detectedObjections: [d('PRICE_OBJECTION'), d('PRICE_OBJECTION'), d('TIMING_OBJECTION')],
        detectedFAQs: [d('FAQ')],
        newInquiries: [d('NEW_INQUIRY'), d('NEW_INQUIRY'), d('NEW_INQUIRY')],
      }),
    ).toEqual([
      { category: 'NEW_INQUIRY', count: 3 },
      { category: 'PRICE_OBJECTION', count: 2 },
      { category: 'FAQ', count: 1 },
      { category: 'TIMING_OBJECTION', count: 1 },
    ]);
  });
});

describe('speech-rate series', () => {
  it('measures the salesperson’s rate as monitoring does, the fastest of each interval', () => {
    const start = Date.parse(at(0));
    const rate = speakingRate(
      [say(0, 'salesperson', 'a b c'), say(10, 'customer', 'x y z w'), say(20, 'salesperson', 'd e'), say(70, 'salesperson', 'f')],
      start,
      130,
      30,
    );
    // At 20 s the last 30 s hold 5 of their words (10 per minute); at 70 s only 1 (the window is (40 s, 70 s]).
    expect(rate).toEqual({
      intervalSeconds: 30,
      points: [
        { minute: 0, wpm: 10 },
        { minute: 0.5, wpm: 0 },
        { minute: 1, wpm: 2 },
        { minute: 1.5, wpm: 0 },
        { minute: 2, wpm: 0 },
      ],
    });
  });

  it('draws at most 360 points, whatever the call length', () => {
    const start = Date.parse(at(0));
    expect(speakingRate([], start, 7_200, 30).points).toHaveLength(240);
    const tenHours = speakingRate([], start, 36_000, 30);
    expect(tenHours.intervalSeconds).toBe(100);
    expect(tenHours.points).toHaveLength(360);
  });

  it('takes the window from the alerts, else the settings, else the default of 30 seconds', () => {
    expect(
      monitoringWindow([{ timestamp: at(0), words_per_minute: 200, total_words: 100, time_window: 20, max_words: 75 }], {
        time_window: 45,
      }),
    ).toBe(20);
    expect(monitoringWindow([], { time_window: 45 })).toBe(45);
    expect(monitoringWindow([], null)).toBe(30);
  });

  it('derives the limit from the alerts, else from the settings', () => {
    expect(wordsPerMinuteLimit([{ timestamp: at(0), words_per_minute: 200, total_words: 100, time_window: 30, max_words: 75 }])).toBe(150);
    expect(wordsPerMinuteLimit([], { time_window: 20, max_words: 60 })).toBe(180);
    expect(wordsPerMinuteLimit([], null)).toBeNull();
  });
});
