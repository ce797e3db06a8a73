import { eq, inArray } from 'drizzle-orm';
import {
  INGEST_LIMITS,
  INGEST_MESSAGES,
  type IngestComplete,
  type IngestEvent,
  type IngestSession,
  type IngestSessionCreate,
} from '../../src/contract/assistantSessions';
import { SESSION_MESSAGES, type SessionStatistics } from '../../src/contract/sessions';
import type { Database, Transaction } from '../db/client';
import { battlecards, sessions } from '../db/schema';
import { conflictError, notFoundError, validationError } from '../errors';
import { completeSession, storedStatistics } from './sessionComplete';
import { appendEventsStatement, appendOutcome } from './sessionEvents';

/** PostgreSQL's numeric_value_out_of_range. */
const NUMERIC_OUT_OF_RANGE = '22003';
/** PostgreSQL's foreign_key_violation: a battlecard deleted while its mention was being stored. */
const FOREIGN_KEY_VIOLATION = '23503';

type SessionRow = typeof sessions.$inferSelect;

const toIngestSession = (row: SessionRow): IngestSession => ({
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

/** Idempotent by sessionId; different details for an existing id are a 409. */
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

/** Events and completion of one session take turns. */
export const lockSession = async (tx: Transaction, sessionId: string): Promise<SessionRow> => {
  const [row] = await tx.select().from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1).for('update');
  if (!row) throw notFoundError(SESSION_MESSAGES.notFound);
  return row;
};

/** All or nothing; the counters and running duration move with each batch, so a call in progress shows as it goes. */
export const appendEvents = async (
  db: Database,
  sessionId: string,
  events: readonly IngestEvent[],
): Promise<{ accepted: number; duplicates: number }> => {
  const firstBySeq = new Map<number, IngestEvent>();
  for (const event of events) if (!firstBySeq.has(event.seq)) firstBySeq.set(event.seq, event);
  const named = [...new Set(events.flatMap((event) => (event.type === 'competitor' ? [event.battlecardId] : [])))];
  const unknownCard = async () => {
    const known = await db.select({ id: battlecards.id }).from(battlecards).where(inArray(battlecards.id, named));
    return named.find((id) => !known.some((card) => card.id === id.toLowerCase()));
  };
  const missing = named.length > 0 ? await unknownCard() : undefined;
  if (missing) throw validationError(INGEST_MESSAGES.unknownBattlecard(missing));
  const outcome = appendOutcome(
    await db.execute(appendEventsStatement(sessionId, [...firstBySeq.values()])).catch(async (error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      // The running duration outgrows its integer: an event far later than any call lasts.
      if (code === NUMERIC_OUT_OF_RANGE) throw validationError(INGEST_MESSAGES.tooLong);
      if (code === FOREIGN_KEY_VIOLATION) throw validationError(INGEST_MESSAGES.unknownBattlecard((await unknownCard()) ?? named[0]));
      throw error;
    }),
  );
  if (outcome.status === null) throw notFoundError(SESSION_MESSAGES.notFound);
  if (outcome.status !== 'in_progress') throw conflictError(INGEST_MESSAGES.sessionCompleted);
  if (!outcome.inOrder) throw validationError(INGEST_MESSAGES.beforeStart);
  return { accepted: outcome.accepted, duplicates: events.length - outcome.accepted };
};

/** Completing again the same way answers the same; a different endTime or status is a 409. */
export const completeIngestSession = async (
  db: Database,
  sessionId: string,
  input: IngestComplete,
): Promise<IngestSession & { statistics: SessionStatistics }> => {
  const row = await db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    const endMs = Date.parse(input.endTime);
    const start = session.startTime.getTime();
    if (endMs < start) throw validationError(INGEST_MESSAGES.endBeforeStart);
    const duration = Math.ceil((endMs - start) / 1000);
    if (duration > INGEST_LIMITS.durationSeconds) throw validationError(INGEST_MESSAGES.tooLong);
    if (session.status !== 'in_progress') {
      if (session.status !== input.status || session.duration !== duration) throw conflictError(INGEST_MESSAGES.completedDifferently);
      return session;
    }
    return completeSession(tx, session, { endMs, duration, status: input.status });
  });
  return { ...toIngestSession(row), statistics: storedStatistics(row) };
};
