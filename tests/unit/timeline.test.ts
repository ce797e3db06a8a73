import { describe, expect, it } from 'vitest';
import { buildTimeline, filterTimeline, findMatches, findMoment, splitMatches, TIMELINE_KINDS } from '@/resources/sessions/detail/timeline';
import type { SessionDetail } from '@/resources/sessions/sessionTypes';

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 10, 0, second)).toISOString();
const detection = (second: number, question: string) => ({
  timestamp: at(second),
  category: 'PRICE_OBJECTION',
  relevance_score: 0.9,
  question,
});

const session: Partial<SessionDetail> = {
  transcripts: [
    { timestamp: at(0), speaker: 'salesperson', text: 'Hello, how are you?' },
    { timestamp: at(10), speaker: 'customer', text: 'The price is too high. Price matters.' },
    { timestamp: at(10), speaker: 'salesperson', text: 'Let me explain the price.' },
    { timestamp: at(30), speaker: 'customer', text: 'OK' },
  ],
  detectedObjections: [detection(10, 'Too expensive')],
  detectedFAQs: [detection(5, 'Do you ship?')],
  newInquiries: [detection(10, 'Financing?')],
  speechRateAnalysis: { alerts: [{ timestamp: at(10), words_per_minute: 200, total_words: 100, time_window: 30, max_words: 75 }] },
};

describe('buildTimeline (spec 2: merged and sorted by time)', () => {
  it('merges every kind in time order', () => {
    const items = buildTimeline(session);
    expect(items.map((item) => item.key)).toEqual([
      'transcript-0',
      'faq-0',
      'transcript-1',
      'transcript-2',
      'objection-0',
      'inquiry-0',
      'alert-0',
      'transcript-3',
    ]);
  });

  it('breaks ties with the words first, then objection, FAQ, inquiry, alert, each list in its own order', () => {
    const tied = buildTimeline(session).filter((item) => item.time === Date.parse(at(10)));
    expect(tied.map((item) => item.kind)).toEqual(['transcript', 'transcript', 'objection', 'inquiry', 'alert']);
  });

  it('is stable for sources that are out of order and puts unreadable times last', () => {
    const items = buildTimeline({
      transcripts: [
        { timestamp: 'garbage', speaker: 'customer', text: 'a' },
        { timestamp: at(20), speaker: 'customer', text: 'b' },
        { timestamp: at(20), speaker: 'salesperson', text: 'c' },
        { timestamp: at(1), speaker: 'customer', text: 'd' },
      ],
    });
    expect(items.map((item) => (item.kind === 'transcript' ? item.text : ''))).toEqual(['d', 'b', 'c', 'a']);
  });

  it('copes with a session without analyses', () => {
    expect(buildTimeline({})).toEqual([]);
  });
});

describe('filterTimeline', () => {
  const items = buildTimeline(session);

  it('keeps the kinds asked for', () => {
    expect(filterTimeline(items, { kinds: ['objection', 'alert'], speaker: 'all' }).map((item) => item.key)).toEqual([
      'objection-0',
      'alert-0',
    ]);
  });

  it('narrows transcripts to one speaker and keeps detections', () => {
    const kept = filterTimeline(items, { kinds: TIMELINE_KINDS, speaker: 'customer' });
    expect(kept.filter((item) => item.kind === 'transcript').map((item) => item.key)).toEqual(['transcript-1', 'transcript-3']);
    expect(kept.some((item) => item.kind === 'faq')).toBe(true);
  });
});

describe('transcript search', () => {
  it('splits text around case-insensitive matches', () => {
    expect(splitMatches('Price is the price', 'price')).toEqual([
      { text: 'Price', match: true },
      { text: ' is the ', match: false },
      { text: 'price', match: true },
    ]);
    expect(splitMatches('a.b (c)', '(c)')).toEqual([
      { text: 'a.b ', match: false },
      { text: '(c)', match: true },
    ]);
    expect(splitMatches('text', '  ')).toEqual([{ text: 'text', match: false }]);
  });

  it('finds every occurrence in transcripts only, in timeline order', () => {
    const items = buildTimeline(session);
    expect(findMatches(items, 'PRICE')).toEqual([
      { row: 2, occurrence: 0 },
      { row: 2, occurrence: 1 },
      { row: 3, occurrence: 0 },
    ]);
    expect(findMatches(items, '')).toEqual([]);
  });
});

describe('findMoment', () => {
  const items = buildTimeline(session);

  it('finds the item of that kind at that time', () => {
    expect(items[findMoment(items, Date.parse(at(10)), 'alert')].key).toBe('alert-0');
  });

  it('falls back to the first item at or after the time, then the last', () => {
    expect(items[findMoment(items, Date.parse(at(6)))].key).toBe('transcript-1');
    expect(findMoment(items, Date.parse(at(99)))).toBe(items.length - 1);
    expect(findMoment(items, Number.NaN)).toBe(-1);
  });
});

describe('landmines on the timeline', () => {
  const hit = (second: number, trigger: string, speaker: 'salesperson' | 'customer' = 'salesperson') => ({
    timestamp: at(second),
    speaker,
    trigger,
    landmineId: null,
    category: 'Pricing',
    priority: 'high' as const,
    canSay: [{ point: 'We can discuss options' }],
    cannotSay: [{ point: 'Guaranteed lowest price', reason: 'Not provable' }],
  });
  const withHits: Partial<SessionDetail> = { ...session, landmines: [hit(12, 'lowest price'), hit(0, 'greeting')] };

  it('marks each landmine on the last utterance of its speaker at or before it', () => {
    const items = buildTimeline(withHits);
    const marked = items.flatMap((item) =>
      item.kind === 'transcript' && item.landmines ? [[item.text, item.landmines.map((h) => h.trigger)]] : [],
    );
    expect(marked).toEqual([
      ['Hello, how are you?', ['greeting']],
      ['Let me explain the price.', ['lowest price']],
    ]);
  });

  it('keeps a landmine no utterance holds as a row of its own', () => {
    const items = buildTimeline({ transcripts: [], landmines: [hit(3, 'alone')] });
    expect(items.map((item) => item.kind)).toEqual(['landmine']);
  });

  it('shows only the rows with a landmine under the landmines-only filter, and finds their moment', () => {
    const items = buildTimeline(withHits);
    const only = filterTimeline(items, { kinds: ['landmine'], speaker: 'all' });
    expect(only.map((item) => item.key)).toEqual(['transcript-0', 'transcript-2']);
    expect(only[findMoment(only, Date.parse(at(10)), 'landmine')].key).toBe('transcript-2');
  });
});
