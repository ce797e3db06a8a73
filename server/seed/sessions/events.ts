import type { IngestEvent } from '../../../src/contract/assistantSessions';
import type { GeneratedSession } from './types';

/** As the assistant streams it (docs/api.md "Assistant API"): the demo data and the ingest store the same events. */
export const sessionEvents = (session: GeneratedSession): IngestEvent[] => {
  const detail = session.detail;
  if (!detail) return [];
  const iso = (t: number) => new Date(t).toISOString();
  const timed: { t: number; order: number; event: IngestEvent }[] = [];
  const add = (t: number, order: number, event: IngestEvent) => timed.push({ t, order, event });
  for (const r of detail.transcripts) add(r.t, 0, { seq: 0, type: 'transcript', timestamp: iso(r.t), speaker: r.speaker, text: r.text });
  for (const r of detail.sentiment) {
    add(r.t, 1, {
      seq: 0,
      type: 'sentiment',
      timestamp: iso(r.t),
      speaker: r.speaker,
      dominant_emotion: r.emotion,
      confidence: r.confidence,
      transcript: r.transcript,
    });
  }
  for (const r of detail.detections) {
    add(r.t, 2, {
      seq: 0,
      type: 'detection',
      timestamp: iso(r.t),
      category: r.category,
      relevance_score: r.relevanceScore,
      question: r.question,
      answer: r.answer,
    });
  }
  for (const r of detail.alerts) {
    add(r.t, 3, {
      seq: 0,
      type: 'speech_alert',
      timestamp: iso(r.t),
      words_per_minute: r.wordsPerMinute,
      total_words: r.totalWords,
      time_window: r.timeWindow,
      max_words: r.maxWords,
    });
  }
  for (const r of detail.landmines ?? []) {
    add(r.t, 4, { seq: 0, type: 'landmine', timestamp: iso(r.t), trigger: r.trigger, speaker: 'salesperson' });
  }
  // Stable sort: rows of one kind keep their generated order.
  timed.sort((a, b) => a.t - b.t || a.order - b.order);
  return timed.map(({ event }, seq) => ({ ...event, seq }));
};
