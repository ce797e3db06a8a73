import { and, eq, sql } from 'drizzle-orm';
import { CALL_END_MESSAGES } from '../../src/contract/callEnd';
import { SESSION_MESSAGES } from '../../src/contract/sessions';
import type { Database, Transaction } from '../db/client';
import { sessions } from '../db/schema';
import { ERROR_CODES } from '../../src/contract/common';
import { ApiHttpError, conflictError, notFoundError } from '../errors';
import { type AuditActor, recordAudit } from './audit';
import { readCallSettings } from './callSettings';
import { type PollingJob, startPollingJob } from './pollingJob';
import { completeSession } from './sessionComplete';

/* docs/api.md "Calls that never finished". */
export const ABANDON_ACTOR: AuditActor = { uid: 'system:abandoned-calls', email: null };
/** Held for a pass's transaction, so of several servers on one PostgreSQL one abandons calls at a time. */
export const ABANDON_LOCK_KEY = '5839201746655120931';
export const ABANDON_BATCH = 100;

type SessionRow = typeof sessions.$inferSelect;

/** The call ends where its last event put it: its duration is what the assistant reported. */
const failSession = async (tx: Transaction, row: SessionRow, reason: 'abandoned' | 'admin') => {
  await completeSession(tx, row, { endMs: row.startTime.getTime() + row.duration * 1_000, duration: row.duration, status: 'failed' });
  const [failed] = await tx.update(sessions).set({ failureReason: reason }).where(eq(sessions.id, row.id)).returning();
  return failed;
};

const failureChanges = (row: SessionRow, reason: 'abandoned' | 'admin') => ({
  status: { from: 'in_progress', to: 'failed' },
  failureReason: { from: null, to: reason },
  lastEventAt: { from: null, to: row.lastEventAt.toISOString() },
});

/** One batch; `null` when another server holds the lock. */
export const abandonSilentCalls = async (db: Database, defaultMinutes: number): Promise<string[] | null> =>
  db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ABANDON_LOCK_KEY}::bigint) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0].locked) return null;
    const { abandonAfterMinutes } = await readCallSettings(tx, defaultMinutes);
    // The lock re-reads the row: a call that an event reached meanwhile no longer matches and stays in progress.
    const silent = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.status, 'in_progress'), sql`${sessions.lastEventAt} < now() - ${abandonAfterMinutes} * interval '1 minute'`))
      .orderBy(sessions.lastEventAt)
      .limit(ABANDON_BATCH)
      .for('update', { skipLocked: true });
    for (const row of silent) {
      await failSession(tx, row, 'abandoned');
      await recordAudit(tx, {
        actor: ABANDON_ACTOR,
        action: 'session.abandon',
        targetType: 'session',
        targetId: row.sessionId,
        changes: { ...failureChanges(row, 'abandoned'), abandonAfterMinutes: { from: null, to: abandonAfterMinutes } },
      });
    }
    return silent.map((row) => row.sessionId);
  });

export interface AbandonedCallsOptions {
  db: Database;
  defaultMinutes: number;
  /** Default a minute. */
  intervalMs?: number;
  log?: { warn(payload: object, message: string): void; info(payload: object, message: string): void };
  /** false: no run until runOnce (tests). */
  autoStart?: boolean;
}

export const startAbandonedCalls = (options: AbandonedCallsOptions): PollingJob<string[] | null> =>
  startPollingJob({
    pass: async () => {
      const abandoned = await abandonSilentCalls(options.db, options.defaultMinutes);
      if (abandoned?.length)
        options.log?.info({ event: 'sessions.abandoned', sessionIds: abandoned }, 'calls with no event for too long marked failed');
      return abandoned;
    },
    goAgain: (abandoned) => (abandoned?.length ?? 0) === ABANDON_BATCH,
    intervalMs: options.intervalMs ?? 60_000,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'sessions.abandon_failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'marking silent calls failed failed',
      ),
    autoStart: options.autoStart,
  });

/** An admin's Mark as failed: only an in-progress call, and only if no event came in since the admin last saw it. */
export const markSessionFailed = async (db: Database, actor: AuditActor, sessionId: string, seenLastEventAt?: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1).for('update');
    if (!row) throw notFoundError(SESSION_MESSAGES.notFound);
    if (row.status !== 'in_progress') throw conflictError(CALL_END_MESSAGES.notInProgress);
    if (seenLastEventAt !== undefined && Date.parse(seenLastEventAt) !== row.lastEventAt.getTime())
      throw new ApiHttpError(409, ERROR_CODES.versionConflict, CALL_END_MESSAGES.newEvents);
    const failed = await failSession(tx, row, 'admin');
    await recordAudit(tx, {
      actor,
      action: 'session.markFailed',
      targetType: 'session',
      targetId: row.sessionId,
      changes: failureChanges(row, 'admin'),
    });
    return failed;
  });
