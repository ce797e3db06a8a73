import { asc, eq } from 'drizzle-orm';
import type { SessionStatistics } from '../../src/contract/sessions';
import type { Transaction } from '../db/client';
import {
  sessionAnalyses,
  sessionDetections,
  sessionLandmineHits,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../db/schema';
import { analyzeSpeechRate, summarizeSentiment } from './callAnalysis';
import { recordCalls } from './insights/record';

type SessionRow = typeof sessions.$inferSelect;

/** The demo generator's rules (server/seed/sessions/generator.ts): a detection belongs to the last transcript that started by then. */
export const statisticsFrom = (
  transcripts: readonly { t: number; speaker: 'customer' | 'salesperson' }[],
  detections: readonly { t: number; kind: 'objection' | 'faq' | 'new_inquiry' }[],
): SessionStatistics => {
  let answered = 0;
  let at = -1;
  for (const detection of detections) {
    while (at + 1 < transcripts.length && transcripts[at + 1].t <= detection.t) at += 1;
    if (transcripts[at + 1]?.speaker === 'salesperson') answered += 1;
  }
  const customer = transcripts.filter((transcript) => transcript.speaker === 'customer').length;
  const count = (kind: string) => detections.filter((detection) => detection.kind === kind).length;
  return {
    totalTranscripts: transcripts.length,
    customerTranscripts: customer,
    salespersonTranscripts: transcripts.length - customer,
    totalObjections: count('objection'),
    totalFAQs: count('faq'),
    totalNewInquiries: count('new_inquiry'),
    responseRate: detections.length === 0 ? 100 : Math.round((answered / detections.length) * 1000) / 10,
  };
};

export const storedStatistics = (
  row: Pick<
    SessionRow,
    | 'totalTranscripts'
    | 'customerTranscripts'
    | 'salespersonTranscripts'
    | 'totalObjections'
    | 'totalFaqs'
    | 'totalNewInquiries'
    | 'responseRate'
  >,
): SessionStatistics => ({
  totalTranscripts: row.totalTranscripts,
  customerTranscripts: row.customerTranscripts,
  salespersonTranscripts: row.salespersonTranscripts,
  totalObjections: row.totalObjections,
  totalFAQs: row.totalFaqs,
  totalNewInquiries: row.totalNewInquiries,
  responseRate: row.responseRate,
});

/** The caller holds the row lock; the call is added to the insights in the same transaction. */
export const completeSession = async (
  tx: Transaction,
  session: SessionRow,
  end: { endMs: number; duration: number; status: 'completed' | 'failed' },
): Promise<SessionRow> => {
  const id = session.id;
  const transcripts = await tx
    .select({ ts: sessionTranscripts.ts, speaker: sessionTranscripts.speaker, text: sessionTranscripts.text })
    .from(sessionTranscripts)
    .where(eq(sessionTranscripts.sessionId, id))
    .orderBy(asc(sessionTranscripts.ts), asc(sessionTranscripts.seq));
  const detections = await tx
    .select({
      seq: sessionDetections.seq,
      ts: sessionDetections.ts,
      kind: sessionDetections.kind,
      category: sessionDetections.category,
      question: sessionDetections.question,
      answer: sessionDetections.answer,
      itemId: sessionDetections.itemId,
    })
    .from(sessionDetections)
    .where(eq(sessionDetections.sessionId, id))
    .orderBy(asc(sessionDetections.ts), asc(sessionDetections.seq));
  const entries = await tx
    .select({
      ts: sessionSentimentEntries.ts,
      speaker: sessionSentimentEntries.speaker,
      emotion: sessionSentimentEntries.dominantEmotion,
      confidence: sessionSentimentEntries.confidence,
    })
    .from(sessionSentimentEntries)
    .where(eq(sessionSentimentEntries.sessionId, id))
    .orderBy(asc(sessionSentimentEntries.ts), asc(sessionSentimentEntries.seq));
  const alerts = await tx.$count(sessionSpeechAlerts, eq(sessionSpeechAlerts.sessionId, id));
  const hits = await tx
    .select({
      seq: sessionLandmineHits.seq,
      ts: sessionLandmineHits.ts,
      landmineId: sessionLandmineHits.landmineId,
      trigger: sessionLandmineHits.trigger,
      speaker: sessionLandmineHits.speaker,
    })
    .from(sessionLandmineHits)
    .where(eq(sessionLandmineHits.sessionId, id))
    .orderBy(asc(sessionLandmineHits.ts), asc(sessionLandmineHits.seq));

  const timed = transcripts.map((row) => ({ t: row.ts.getTime(), speaker: row.speaker, text: row.text }));
  const statistics = statisticsFrom(
    timed,
    detections.map((row) => ({ t: row.ts.getTime(), kind: row.kind })),
  );
  const sentiment = summarizeSentiment(entries);
  const { averageWordsPerMinute } = analyzeSpeechRate(timed, end.endMs);
  const analysis = {
    dominantEmotion: sentiment.session_dominant_emotion,
    sessionConfidence: sentiment.session_confidence,
    sentimentTotal: sentiment.total_transcripts,
    averageConfidence: sentiment.average_confidence,
    emotionDistribution: sentiment.emotion_distribution,
    totalAlerts: alerts,
    averageWordsPerMinute,
  };
  await tx
    .insert(sessionAnalyses)
    .values({ sessionId: id, ...analysis })
    .onConflictDoUpdate({ target: sessionAnalyses.sessionId, set: analysis });
  const [row] = await tx
    .update(sessions)
    .set({
      status: end.status,
      duration: end.duration,
      endTime: new Date(end.endMs),
      totalTranscripts: statistics.totalTranscripts,
      customerTranscripts: statistics.customerTranscripts,
      salespersonTranscripts: statistics.salespersonTranscripts,
      totalObjections: statistics.totalObjections,
      totalFaqs: statistics.totalFAQs,
      totalNewInquiries: statistics.totalNewInquiries,
      responseRate: statistics.responseRate,
    })
    .where(eq(sessions.id, id))
    .returning();
  await recordCalls(tx, [
    {
      id,
      rep: session.userEmail,
      status: end.status,
      startMs: session.startTime.getTime(),
      endMs: end.endMs,
      transcripts: timed,
      detections: detections.map(({ ts, ...detection }) => ({ ...detection, t: ts.getTime() })),
      sentiment: entries.map((entry) => ({ t: entry.ts.getTime(), speaker: entry.speaker, emotion: entry.emotion })),
      alerts,
      landmines: hits.map(({ ts, ...hit }) => ({ ...hit, t: ts.getTime() })),
    },
  ]);
  return row;
};
