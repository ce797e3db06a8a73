import { analyzeSpeechRate, countWords, generateSession, summarizeSentiment, type GeneratedSession } from '../../server/seed/sessions';
import { isObjectionCategory, SESSION_STATUSES } from '../../src/contract/sessions';

const now = Date.parse('2026-05-01T12:00:00Z');
const sessions = Array.from({ length: 120 }, (_, i) => generateSession(i, { seed: 7, now }));
const detail = (session: GeneratedSession) => session.detail!;

describe('session generator', () => {
  it('is deterministic, and the summary does not depend on rendering the detail', () => {
    expect(generateSession(5, { seed: 7, now })).toEqual(sessions[5]);
    const summaryOnly = generateSession(5, { seed: 7, now, detail: false });
    expect(summaryOnly.detail).toBeNull();
    expect({ ...summaryOnly, detail: sessions[5].detail }).toEqual(sessions[5]);
    expect(generateSession(5, { seed: 8, now }).sessionId).not.toBe(sessions[5].sessionId);
    expect(new Set(sessions.map((session) => session.sessionId)).size).toBe(sessions.length);
  });

  it('covers every status, rooms with and without a name, and durations from seconds to over an hour', () => {
    const many = Array.from({ length: 600 }, (_, i) => generateSession(i, { seed: 3, now, detail: false }));
    for (const status of SESSION_STATUSES) expect(many.some((session) => session.status === status)).toBe(true);
    expect(many.some((session) => session.roomName === null)).toBe(true);
    expect(many.some((session) => session.roomName !== null)).toBe(true);
    expect(Math.min(...many.map((session) => session.duration))).toBeLessThan(60);
    expect(Math.max(...many.map((session) => session.duration))).toBeGreaterThan(3_600);
    for (const session of many) {
      expect(session.sessionId).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/);
      expect(session.startTime + session.duration * 1_000).toBeLessThanOrEqual(now + 1_000);
    }
  });

  it('computes the statistics from the detail', () => {
    for (const session of sessions) {
      const { transcripts, detections } = detail(session);
      const customer = transcripts.filter((transcript) => transcript.speaker === 'customer').length;
      expect(session.statistics.totalTranscripts).toBe(transcripts.length);
      expect(session.statistics.customerTranscripts).toBe(customer);
      expect(session.statistics.salespersonTranscripts).toBe(transcripts.length - customer);
      expect(session.statistics.totalObjections).toBe(detections.filter((d) => d.kind === 'objection').length);
      expect(session.statistics.totalFAQs).toBe(detections.filter((d) => d.kind === 'faq').length);
      expect(session.statistics.totalNewInquiries).toBe(detections.filter((d) => d.kind === 'new_inquiry').length);
      // Each detection belongs to the customer transcript just before it; answered when the next one is the salesperson's.
      let answered = 0;
      for (const detection of detections) {
        const index = transcripts.findLastIndex((transcript) => transcript.t <= detection.t);
        expect(transcripts[index].speaker).toBe('customer');
        if (transcripts[index + 1]?.speaker === 'salesperson') answered += 1;
      }
      const rate = detections.length === 0 ? 100 : Math.round((answered / detections.length) * 1000) / 10;
      expect(session.statistics.responseRate).toBe(rate);
    }
    expect(sessions.some((session) => session.statistics.responseRate < 100)).toBe(true);
  });

  it('takes objections and FAQs from the dictionary with multi-line answers, and adds new inquiries', () => {
    const all = sessions.flatMap((session) => detail(session).detections);
    const objections = all.filter((d) => d.kind === 'objection');
    expect(objections.length).toBeGreaterThan(0);
    expect(objections.every((d) => isObjectionCategory(d.category) && d.answer?.includes('\n• '))).toBe(true);
    expect(all.filter((d) => d.kind === 'faq').every((d) => d.category === 'FAQ' && d.answer)).toBe(true);
    expect(all.filter((d) => d.kind === 'new_inquiry').every((d) => d.category === 'NEW_INQUIRY' && d.answer === null)).toBe(true);
    expect(all.every((d) => d.relevanceScore >= 0 && d.relevanceScore <= 1)).toBe(true);
    expect(new Set(objections.map((d) => d.category)).size).toBeGreaterThan(3);
  });

  it('alternates speakers and keeps transcripts, entries and alerts in time order within the call', () => {
    let switches = 0;
    let pairs = 0;
    for (const session of sessions) {
      const { transcripts, sentiment, alerts } = detail(session);
      const end = session.startTime + session.duration * 1_000;
      const times = [...transcripts, ...alerts].map((item) => item.t);
      expect(times.every((t) => t >= session.startTime && t <= end)).toBe(true);
      expect(transcripts.map((t) => t.t)).toEqual([...transcripts.map((t) => t.t)].sort((a, b) => a - b));
      expect(transcripts[0].speaker).toBe('salesperson');
      // Alternating, except a customer who adds a second turn (never three in a row).
      expect(
        transcripts.some((t, i) => i > 1 && t.speaker === transcripts[i - 1].speaker && t.speaker === transcripts[i - 2].speaker),
      ).toBe(false);
      switches += transcripts.filter((t, i) => i > 0 && t.speaker !== transcripts[i - 1].speaker).length;
      pairs += transcripts.length - 1;
      expect(sentiment.map((entry) => [entry.t, entry.speaker, entry.transcript])).toEqual(
        transcripts.map((t) => [t.t, t.speaker, t.text]),
      );
    }
    expect(switches / pairs).toBeGreaterThan(0.9);
  });

  it('derives the sentiment summary from the entries, with angry customers at objections and happy ones at the close', () => {
    for (const session of sessions) {
      const { sentiment, sentimentSummary } = detail(session);
      expect(sentimentSummary).toEqual(summarizeSentiment(sentiment));
      expect(sentimentSummary.total_transcripts).toBe(sentiment.length);
      const counts = Object.values(sentimentSummary.emotion_distribution);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(sentiment.length);
      expect(sentimentSummary.emotion_distribution[sentimentSummary.session_dominant_emotion]).toBe(Math.max(...counts));
    }
    const atObjections = sessions.flatMap((session) =>
      detail(session)
        .detections.filter((d) => d.kind === 'objection')
        .map((d) => detail(session).sentiment.findLast((entry) => entry.t <= d.t)!.emotion),
    );
    const negative = atObjections.filter((emotion) => ['angry', 'fearful', 'disgusted', 'sad'].includes(emotion)).length;
    expect(negative / atObjections.length).toBeGreaterThan(0.7);
    const closes = sessions.filter((s) => s.status === 'completed').map((s) => detail(s).sentiment.at(-1)!);
    expect(closes.filter((entry) => entry.emotion === 'happy').length / closes.length).toBeGreaterThan(0.4);
  });

  it('raises speech-rate alerts exactly where the salesperson said more than 150 words in 30 seconds', () => {
    let total = 0;
    for (const session of sessions) {
      const { transcripts, alerts, averageWordsPerMinute } = detail(session);
      const end = session.startTime + session.duration * 1_000;
      expect({ alerts, averageWordsPerMinute }).toEqual(analyzeSpeechRate(transcripts, end));
      for (const alert of alerts) {
        const words = transcripts
          .filter((t) => t.speaker === 'salesperson' && t.t > alert.t - 30_000 && t.t <= alert.t)
          .reduce((sum, t) => sum + countWords(t.text), 0);
        expect(alert).toMatchObject({ totalWords: words, timeWindow: 30, maxWords: 150, wordsPerMinute: words * 2 });
        expect(words).toBeGreaterThan(150);
      }
      // No window over the limit goes unreported (outside an alert's own window).
      for (const transcript of transcripts.filter((t) => t.speaker === 'salesperson')) {
        const words = transcripts
          .filter((t) => t.speaker === 'salesperson' && t.t > transcript.t - 30_000 && t.t <= transcript.t)
          .reduce((sum, t) => sum + countWords(t.text), 0);
        if (words > 150) expect(alerts.some((alert) => alert.t <= transcript.t && alert.t > transcript.t - 30_000)).toBe(true);
      }
      total += alerts.length;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('makes a call of exactly N transcripts on request', () => {
    const big = generateSession(0, { seed: 1, now, transcripts: 2_000 });
    expect(big.detail!.transcripts).toHaveLength(2_000);
    expect(big.statistics.totalTranscripts).toBe(2_000);
    expect(big.status).toBe('completed');
  });
});
