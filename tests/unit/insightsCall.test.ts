import { answerEffects, callFromEvents, type CallRecord, normalizeText, repFacts, utcDay } from '../../server/services/insights/call';
import type { IngestEvent } from '../../src/contract/assistantSessions';

/** The per-call figures the insights add up (server/services/insights/record.ts), on hand-made calls. */
const start = Date.parse('2026-03-02T23:59:00Z');
const call = (fields: Partial<CallRecord>): CallRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  rep: 'rep@example.test',
  status: 'completed',
  startMs: start,
  endMs: start + 100_000,
  transcripts: [],
  detections: [],
  sentiment: [],
  alerts: 0,
  landmines: [],
  ...fields,
});
const at = (seconds: number) => start + seconds * 1_000;

describe('a call in the insights', () => {
  it("talk time runs to the next transcript; a monologue is a run of the salesperson's turns up to the customer's next", () => {
    const facts = repFacts(
      call({
        transcripts: [
          { t: at(0), speaker: 'salesperson', text: 'Hello! How are you? Shall we start?' },
          { t: at(10), speaker: 'salesperson', text: 'Let me show you the product.' },
          { t: at(40), speaker: 'customer', text: 'Sure.' },
          { t: at(45), speaker: 'salesperson', text: 'Any questions?' },
          { t: at(90), speaker: 'customer', text: 'No.' },
        ],
        alerts: 2,
        landmines: [{ seq: 9, t: at(20), landmineId: null, trigger: 'free forever', speaker: 'salesperson' }],
      }),
    );
    expect(facts.talkMs).toBe(100_000);
    expect(facts.salesTalkMs).toBe(10_000 + 30_000 + 45_000);
    expect(facts.longestMonologueMs).toBe(45_000);
    expect(facts.questions).toBe(3);
    expect(facts.alerts).toBe(2);
    expect(facts.landmines).toBe(1);
    expect(facts.durationMs).toBe(100_000);
  });

  it("a monologue still going at the end of the call runs to the call's end", () => {
    const facts = repFacts(
      call({
        transcripts: [
          { t: at(0), speaker: 'customer', text: 'Hi' },
          { t: at(5), speaker: 'salesperson', text: 'So...' },
        ],
      }),
    );
    expect(facts.longestMonologueMs).toBe(95_000);
  });

  it("counts only the customer's sentiment, as valence", () => {
    const facts = repFacts(
      call({
        sentiment: [
          { t: at(0), speaker: 'customer', emotion: 'happy' },
          { t: at(1), speaker: 'customer', emotion: 'angry' },
          { t: at(2), speaker: 'customer', emotion: 'happy' },
          { t: at(3), speaker: 'salesperson', emotion: 'sad' },
        ],
      }),
    );
    expect(facts.sentimentSum).toBe(1);
    expect(facts.sentimentEntries).toBe(3);
  });

  it("measures an objection's effect over the customer's three entries on each side, and skips it without both sides", () => {
    const objection = (seq: number, t: number) => ({
      seq,
      t,
      kind: 'objection' as const,
      category: 'PRICE_OBJECTION',
      question: 'Too expensive',
      answer: 'We have plans for every size.',
      itemId: null,
    });
    const effects = answerEffects(
      call({
        detections: [objection(1, at(-1)), objection(2, at(30)), { ...objection(3, at(31)), kind: 'faq' }, objection(4, at(99))],
        sentiment: [
          { t: at(10), speaker: 'customer', emotion: 'happy' },
          { t: at(20), speaker: 'customer', emotion: 'angry' },
          { t: at(25), speaker: 'customer', emotion: 'sad' },
          { t: at(30), speaker: 'customer', emotion: 'angry' },
          { t: at(35), speaker: 'salesperson', emotion: 'angry' },
          { t: at(40), speaker: 'customer', emotion: 'neutral' },
          { t: at(50), speaker: 'customer', emotion: 'happy' },
          { t: at(60), speaker: 'customer', emotion: 'happy' },
          { t: at(70), speaker: 'customer', emotion: 'angry' },
        ],
      }),
    );
    // Before seq 2: angry, sad, angry (the entry at the detection's moment is the objection itself) = -1;
    // after: neutral, happy, happy = 2/3.
    expect(effects.get(2)).toBeCloseTo(2 / 3 + 1, 10);
    expect(effects.has(1)).toBe(false); // nothing before
    expect(effects.has(3)).toBe(false); // a FAQ
    expect(effects.has(4)).toBe(false); // nothing after
  });

  it('reads a call from its events as the assistant sends them, in time order', () => {
    const ts = (seconds: number) => new Date(at(seconds)).toISOString();
    const events: IngestEvent[] = [
      { seq: 3, type: 'detection', timestamp: ts(2), category: 'FAQ', relevance_score: 0.9, question: 'Price?', itemId: 'abc' },
      { seq: 1, type: 'transcript', timestamp: ts(1), speaker: 'customer', text: 'Price?' },
      {
        seq: 2,
        type: 'sentiment',
        timestamp: ts(1),
        speaker: 'customer',
        dominant_emotion: 'neutral',
        confidence: 0.8,
        transcript: 'Price?',
      },
      { seq: 4, type: 'speech_alert', timestamp: ts(3), words_per_minute: 200, total_words: 100, time_window: 30, max_words: 150 },
      { seq: 5, type: 'landmine', timestamp: ts(4), trigger: 'free forever', speaker: 'salesperson' },
    ];
    const record = callFromEvents({ id: 'x', rep: 'r', status: 'failed', startMs: start, endMs: at(10) }, events);
    expect(record.transcripts).toEqual([{ t: at(1), speaker: 'customer', text: 'Price?' }]);
    expect(record.detections).toEqual([
      { seq: 3, t: at(2), kind: 'faq', category: 'FAQ', question: 'Price?', answer: null, itemId: 'abc' },
    ]);
    expect(record.sentiment).toEqual([{ t: at(1), speaker: 'customer', emotion: 'neutral' }]);
    expect(record.alerts).toBe(1);
    expect(record.landmines).toEqual([{ seq: 5, t: at(4), landmineId: null, trigger: 'free forever', speaker: 'salesperson' }]);
  });

  it('files a call under the UTC day of its start and compares texts trimmed, in lower case, spaces collapsed', () => {
    expect(utcDay(start)).toBe('2026-03-02');
    expect(utcDay(start + 60_000)).toBe('2026-03-03');
    expect(normalizeText('  Can  it run\ton Azure? ')).toBe('can it run on azure?');
  });
});
