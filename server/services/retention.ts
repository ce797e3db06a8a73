import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditActor } from './audit';
import { compactErased, ERASE_BATCH, eraseSessionsIn } from './sessionErasure';
import { type PollingJob, startPollingJob } from './pollingJob';

/* docs/configuration.md, docs/api.md "Erasing sessions": a session that started exactly `days` days ago is kept. */
const DAY_MS = 86_400_000;

export const RETENTION_ACTOR: AuditActor = { uid: 'system:SESSIONS_RETENTION_DAYS', email: null };

export const retentionCutoff = (days: number, now: number): Date => new Date(now - days * DAY_MS);

/** Short transactions, so the ingest and the portal never wait long; one audit row per run, kept up to date. */
export const eraseExpiredSessions = async (db: Database, days: number, now: number = Date.now()): Promise<number> => {
  const cutoff = retentionCutoff(days, now);
  let erased = 0;
  let auditId: number | null = null;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const ids = await eraseSessionsIn(tx, sql`start_time < ${cutoff.toISOString()}::timestamptz`, ERASE_BATCH);
      if (ids.length === 0) return 0;
      const changes = {
        sessions: { from: erased + ids.length, to: 0 },
        startedBefore: { from: null, to: cutoff.toISOString() },
        retentionDays: { from: null, to: days },
      };
      if (auditId === null) {
        const [row] = await tx
          .insert(auditLog)
          .values({
            actorUid: RETENTION_ACTOR.uid,
            actorEmail: RETENTION_ACTOR.email,
            action: 'session.retention',
            targetType: 'session',
            targetId: null,
            changes,
          })
          .returning({ id: auditLog.id });
        auditId = row.id;
      } else await tx.update(auditLog).set({ changes }).where(eq(auditLog.id, auditId));
      return ids.length;
    });
    erased += batch;
    if (batch < ERASE_BATCH) {
      if (erased > 0) compactErased(db);
      return erased;
    }
  }
};

export interface SessionRetentionOptions {
  db: Database;
  days: number;
  /** Default a day. */
  intervalMs?: number;
  now?: () => number;
  log?: { warn(payload: object, message: string): void; info(payload: object, message: string): void };
  /** false: no run until runOnce (tests). */
  autoStart?: boolean;
}

export const startSessionRetention = (options: SessionRetentionOptions): PollingJob<number> =>
  startPollingJob({
    pass: async () => {
      const now = (options.now ?? Date.now)();
      const erased = await eraseExpiredSessions(options.db, options.days, now);
      // Every run leaves a line, an empty one too: an operator can tell a quiet run from none.
      options.log?.info(
        { event: 'sessions.retention', erased, days: options.days, startedBefore: retentionCutoff(options.days, now).toISOString() },
        'erased the sessions past the retention',
      );
      return erased;
    },
    goAgain: () => false,
    intervalMs: options.intervalMs ?? DAY_MS,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'sessions.retention_failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'erasing the sessions past the retention failed',
      ),
    autoStart: options.autoStart,
  });
