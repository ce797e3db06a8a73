import type { GeneratedSession } from '../../server/seed/sessions';

/** A generated demo call as the assistant would stream it: its events, numbered in time order. */
export const eventsOf = (session: GeneratedSession) => {
  const detail = session.detail!;
  const iso = (t: number) => new Date(t).toISOString();
  const events = [
    ...detail.transcripts.map((r) => ({ t: r.t, type: 'transcript', timestamp: iso(r.t), speaker: r.speaker, text: r.text })),
    ...detail.detections.map((r) => ({
      t: r.t,
      type: 'detection',
      timestamp: iso(r.t),
      category: r.category,
      relevance_score: r.relevanceScore,
      question: r.question,
      answer: r.answer,
    })),
    ...detail.sentiment.map((r) => ({
      t: r.t,
      type: 'sentiment',
      timestamp: iso(r.t),
      speaker: r.speaker,
      dominant_emotion: r.emotion,
      confidence: r.confidence,
      transcript: r.transcript,
    })),
    ...detail.alerts.map((r) => ({
      t: r.t,
      type: 'speech_alert',
      timestamp: iso(r.t),
      words_per_minute: r.wordsPerMinute,
      total_words: r.totalWords,
      time_window: r.timeWindow,
      max_words: r.maxWords,
    })),
  ];
  // Stable: at equal times the transcript comes before its sentiment, as generated.
  return events.sort((a, b) => a.t - b.t).map(({ t: _t, ...event }, seq) => ({ seq, ...event }));
};
