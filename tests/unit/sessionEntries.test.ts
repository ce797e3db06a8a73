import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { compactEntries, expandEntries, type SentimentEntry, type Transcript } from '../../src/contract/sessions';
import sessions from '../../src/resources/sessions';
import { testDataProvider } from '../support/testDataProvider';

// A session's detail travels without each sentiment entry's copy of its utterance's text
// (GET /api/admin/sessions/{sessionId}?entries=compact), and the portal puts it back.
const at = (second: number) => new Date(Date.UTC(2026, 4, 1, 12, 0, second)).toISOString();
const transcripts: Transcript[] = [
  { timestamp: at(1), speaker: 'salesperson', text: 'Hello there' },
  { timestamp: at(2), speaker: 'customer', text: 'Too expensive' },
  { timestamp: at(3), speaker: 'customer', text: 'We use a competitor' },
];
const entry = (second: number, speaker: SentimentEntry['speaker'], transcript: string): SentimentEntry => ({
  timestamp: at(second),
  speaker,
  dominant_emotion: 'neutral',
  confidence: 0.8,
  transcript,
});

describe('compactEntries and expandEntries', () => {
  it('leaves out only a text that is word for word its utterance’s, same moment and speaker', () => {
    const entries = [
      entry(1, 'salesperson', 'Hello there'),
      entry(2, 'customer', 'Too expensive!'),
      entry(3, 'salesperson', 'We use a competitor'),
      entry(9, 'customer', 'Said at no transcript’s moment'),
    ];
    const compact = compactEntries(transcripts, entries);
    expect(compact.map((e) => e.transcript)).toEqual([
      undefined,
      'Too expensive!',
      'We use a competitor',
      'Said at no transcript’s moment',
    ]);
    expect(compact[0]).not.toHaveProperty('transcript');
    expect(expandEntries(transcripts, compact)).toEqual(entries);
  });

  it('gives back exactly what it was given, whatever the entries and utterances', () => {
    const speaker = fc.constantFrom<SentimentEntry['speaker']>('customer', 'salesperson');
    const said = fc.record({ second: fc.integer({ min: 0, max: 20 }), speaker, text: fc.string({ maxLength: 6 }) });
    fc.assert(
      fc.property(fc.array(said, { maxLength: 30 }), fc.array(said, { maxLength: 30 }), (utterances, felt) => {
        const spoken = utterances.map((u) => ({ timestamp: at(u.second), speaker: u.speaker, text: u.text }));
        const entries = felt.map((f) => entry(f.second, f.speaker, f.text));
        expect(expandEntries(spoken, compactEntries(spoken, entries))).toEqual(entries);
      }),
    );
  });
});

describe('the sessions resource', () => {
  it("reads a session's detail compact and hands react-admin the whole entries", async () => {
    const entries = [entry(1, 'salesperson', 'Hello there'), entry(2, 'customer', 'Too expensive!')];
    const urls: string[] = [];
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      urls.push(`${url.pathname}${url.search}`);
      const data = {
        sessionId: 's-1',
        transcripts,
        sentimentAnalysis: { sessionSummary: {}, entries: compactEntries(transcripts, entries) },
      };
      return new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { data } = await testDataProvider(fetchFn, [sessions]).getOne('sessions', { id: 's-1' });
    expect(urls).toEqual(['/api/admin/sessions/s-1?entries=compact']);
    expect(data.id).toBe('s-1');
    expect(data.sentimentAnalysis.entries).toEqual(entries);
  });
});
