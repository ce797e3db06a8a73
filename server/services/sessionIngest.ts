import { eq, sql } from 'drizzle-orm';
import {
  INGEST_MESSAGES,
  type IngestComplete,
  type IngestEvent,
  type IngestSession,
  type IngestSessionCreate,
} from '../../src/contract/assistantSessions';
import { DETECTION_CATEGORIES, SESSION_MESSAGES } from '../../src/contract/sessions';
import type { Database, Transaction } from '../db/client';
import {
  sessionDetections,
  sessionEventSeqs,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../db/schema';
import { conflictError, notFoundError, validationError } from '../errors';
import { completeSession } from './sessionComplete';

type SessionRow = typeof sessions.$inferSelect;

/** The assistant's view of a stored session (docs/api.md "Assistant API"). */
export const toIngestSession = (row: SessionRow): IngestSession => ({
  sessionId: row.sessionId,
  sessionName: row.sessionName,
  userEmail: row.userEmail,
  startTime: row.startTime.toISOString(),
  metadata: { roomName: row.roomName },
  configVersion: row.configVersion,
  status: row.status,
  duration: row.duration,
});

const sameSession = (row: SessionRow, input: IngestSessionCreate) =>
  row.sessionName === input.sessionName &&
  row.userEmail === input.userEmail &&
  row.startTime.getTime() === Date.parse(input.startTime) &&
  row.roomName === (input.metadata.roomName ?? null) &&
  row.configVersion === input.configVersion;

/**
 * POST /api/assistant/sessions: a new in-progress session. Idempotent by sessionId: the same
 * request again answers the stored session; different details for an existing id are a 409.
 */
export const createIngestSession = async (db: Database, input: IngestSessionCreate): Promise<IngestSession> => {
  const [created] = await db
    .insert(sessions)
    .values({
      sessionId: input.sessionId,
      sessionName: input.sessionName,
      userEmail: input.userEmail,
      roomName: input.metadata.roomName ?? null,
      startTime: new Date(input.startTime),
      duration: 0,
      status: 'in_progress',
      configVersion: input.configVersion,
    })
    .onConflictDoNothing({ target: sessions.sessionId })
    .returning();
  if (created) return toIngestSession(created);
  const [existing] = await db.select().from(sessions).where(eq(sessions.sessionId, input.sessionId)).limit(1);
  if (!existing || !sameSession(existing, input)) throw conflictError(INGEST_MESSAGES.sessionExists);
  return toIngestSession(existing);
};

/** The session row, locked for this transaction (events and completion of one session take turns). */
export const lockSession = async (tx: Transaction, sessionId: string): Promise<SessionRow> => {
  const [row] = await tx.select().from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1).for('update');
  if (!row) throw notFoundError(SESSION_MESSAGES.notFound);
  return row;
};

const detectionKind = (category: string): 'objection' | 'faq' | 'new_inquiry' =>
  category === DETECTION_CATEGORIES.faq ? 'faq' : category === DETECTION_CATEGORIES.newInquiry ? 'new_inquiry' : 'objection';

/** Stores the events of one batch for the session `id` (the seqs are known to be new). */
const insertEvents = async (tx: Transaction, id: string, events: readonly IngestEvent[]) => {
  const of = <T extends IngestEvent['type']>(type: T) =>
    events.filter((event): event is Extract<IngestEvent, { type: T }> => event.type === type);
  const transcripts = of('transcript');
  const detections = of('detection');
  const sentiment = of('sentiment');
  const alerts = of('speech_alert');
  if (transcripts.length > 0) {
    await tx
      .insert(sessionTranscripts)
      .values(transcripts.map((e) => ({ sessionId: id, seq: e.seq, ts: new Date(e.timestamp), speaker: e.speaker, text: e.text })));
  }
  if (detections.length > 0) {
    await tx.insert(sessionDetections).values(
      detections.map((e) => ({
        sessionId: id,
        seq: e.seq,
        kind: detectionKind(e.category),
        ts: new Date(e.timestamp),
        category: e.category,
        relevanceScore: e.relevance_score,
        question: e.question,
        answer: e.answer ?? null,
      })),
    );
  }
  if (sentiment.length > 0) {
    await tx.insert(sessionSentimentEntries).values(
      sentiment.map((e) => ({
        sessionId: id,
        seq: e.seq,
        ts: new Date(e.timestamp),
        speaker: e.speaker,
        dominantEmotion: e.dominant_emotion,
        confidence: e.confidence,
        transcript: e.transcript,
      })),
    );
  }
  if (alerts.length > 0) {
    await tx.insert(sessionSpeechAlerts).values(
      alerts.map((e) => ({
        sessionId: id,
        seq: e.seq,
        ts: new Date(e.timestamp),
        wordsPerMinute: e.words_per_minute,
        totalWords: e.total_words,
        timeWindow: e.time_window,
        maxWords: e.max_words,
      })),
    );
  }
  const kinds = detections.map((e) => detectionKind(e.category));
  const customer = transcripts.filter((e) => e.speaker === 'customer').length;
  return {
    transcripts: transcripts.length,
    customer,
    objections: kinds.filter((kind) => kind === 'objection').length,
    faqs: kinds.filter((kind) => kind === 'faq').length,
    inquiries: kinds.filter((kind) => kind === 'new_inquiry').length,
    lastMs: Math.max(...events.map((e) => Date.parse(e.timestamp))),
  };
};

/**
 * POST /api/assistant/sessions/{sessionId}/events: one batch, all or nothing. A seq the
 * session already has (or that repeats within the batch) is a duplicate: counted, not stored.
 * The session's counters and running duration move with each batch, so the list and the
 * detail page show a call in progress as it goes.
 */
export const appendEvents = async (
  db: Database,
  sessionId: string,
  events: readonly IngestEvent[],
): Promise<{ accepted: number; duplicates: number }> =>
  db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (session.status !== 'in_progress') throw conflictError(INGEST_MESSAGES.sessionCompleted);
    const start = session.startTime.getTime();
    if (events.some((event) => Date.parse(event.timestamp) < start)) throw validationError(INGEST_MESSAGES.beforeStart);
    const firstBySeq = new Map<number, IngestEvent>();
    for (const event of events) if (!firstBySeq.has(event.seq)) firstBySeq.set(event.seq, event);
    const inserted = await tx
      .insert(sessionEventSeqs)
      .values([...firstBySeq.keys()].map((seq) => ({ sessionId: session.id, seq })))
      .onConflictDoNothing()
      .returning({ seq: sessionEventSeqs.seq });
    const fresh = inserted.map((row) => firstBySeq.get(row.seq)!);
    if (fresh.length > 0) {
      const counts = await insertEvents(tx, session.id, fresh);
      const runningS = Math.max(0, Math.ceil((counts.lastMs - start) / 1000));
      await tx
        .update(sessions)
        .set({
          totalTranscripts: sql`${sessions.totalTranscripts} + ${counts.transcripts}`,
          customerTranscripts: sql`${sessions.customerTranscripts} + ${counts.customer}`,
          salespersonTranscripts: sql`${sessions.salespersonTranscripts} + ${counts.transcripts - counts.customer}`,
          totalObjections: sql`${sessions.totalObjections} + ${counts.objections}`,
          totalFaqs: sql`${sessions.totalFaqs} + ${counts.faqs}`,
          totalNewInquiries: sql`${sessions.totalNewInquiries} + ${counts.inquiries}`,
          duration: sql`greatest(${sessions.duration}, ${runningS}::int)`,
        })
        .where(eq(sessions.id, session.id));
    }
    return { accepted: fresh.length, duplicates: events.length - fresh.length };
  });

/**
 * POST /api/assistant/sessions/{sessionId}/complete: computes duration and statistics from
 * the stored events (services/sessionComplete.ts). Completing again the same way answers the
 * same; a different endTime or status is a 409.
 */
export const completeIngestSession = async (db: Database, sessionId: string, input: IngestComplete) =>
  db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    const endMs = Date.parse(input.endTime);
    const start = session.startTime.getTime();
    if (endMs < start) throw validationError(INGEST_MESSAGES.endBeforeStart);
    const duration = Math.ceil((endMs - start) / 1000);
    if (session.status !== 'in_progress') {
      if (session.status !== input.status || session.duration !== duration) throw conflictError(INGEST_MESSAGES.completedDifferently);
      return session;
    }
    return completeSession(tx, session, { endMs, duration, status: input.status });
  });
