import { sql, type SQL } from 'drizzle-orm';
import { SESSION_MESSAGES } from '../../src/contract/sessions';
import type { Database, Transaction } from '../db/client';
import { notFoundError } from '../errors';
import { type AuditActor, recordAudit } from './audit';
import { GROUPING_LOCK_KEY } from './insights/record';
import { rowsOf } from './insights/read';
import { type ErasedRow, unrecordCalls } from './insights/unrecord';

/**
 * Erasing call sessions (docs/api.md "Erasing sessions"): an admin's erasure of one session or of
 * every session of one rep, and the retention job's (services/retention.ts). A session goes with
 * everything hanging off it (transcripts, detections, landmine hits, sentiment, speech-rate
 * alerts, analysis: the detail tables cascade), and in the same transaction the insights'
 * aggregates lose exactly what the call's completion added (services/insights/unrecord.ts): its
 * counts, answer effects and rep figures at each of its rollups, the inquiry groups' overlap
 * corrections, and the new-inquiry phrasings, questions and triggers no other call reported
 * (insight_inquiry_phrases, insight_labels of `q:` and `t:` keys). Aggregate rows left with
 * nothing in them are deleted, so the insights read as if the call had never been recorded.
 */

/** At most this many sessions are erased per transaction (the retention job's batches). */
export const ERASE_BATCH = 500;

/**
 * Erases the sessions `where` selects (at most `limit`), in the caller's transaction; returns
 * their session ids. The sessions' rows are locked first, as a completion locks its own before
 * recording it, so a call is either erased after its completion counted it or not at all.
 */
export const eraseSessionsIn = async (tx: Transaction, where: SQL, limit: number | null = null): Promise<string[]> => {
  const rows = await rowsOf<ErasedRow>(
    tx,
    sql`select id::text, session_id, user_email, status, (extract(epoch from start_time) * 1000)::float8 as start_ms,
          (extract(epoch from end_time) * 1000)::float8 as end_ms
        from sessions where ${where} order by id ${limit === null ? sql`` : sql`limit ${limit}`} for update`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const phrasings = await rowsOf<{ id: string }>(
    tx,
    sql`select distinct substr(item_key, 9) as id from session_detections
        where session_id = any(${sql.param(ids)}::uuid[]) and item_key like 'inquiry:%'`,
  );
  // Phrasings are read and deleted below: no completion may record them, and no grouping pass group them, meanwhile.
  if (phrasings.length > 0) await tx.execute(sql`select pg_advisory_xact_lock(${GROUPING_LOCK_KEY}::bigint)`);
  await unrecordCalls(
    tx,
    rows.filter((row) => row.status !== 'in_progress' && row.end_ms !== null),
  );
  // Names kept for keys made of what a call reported (a question, a trigger), not of a dictionary id.
  const reported = await rowsOf<{ kind: 'item' | 'landmine'; key: string }>(
    tx,
    sql`select distinct 'item' as kind, item_key as key from session_detections where session_id = any(${sql.param(ids)}::uuid[]) and item_key like 'q:%'
        union select distinct 'landmine', landmine_key from session_landmine_hits where session_id = any(${sql.param(ids)}::uuid[]) and landmine_key like 't:%'`,
  );
  await tx.execute(sql`delete from sessions where id = any(${sql.param(ids)}::uuid[])`);
  // A question or trigger no remaining call reported goes with the calls that reported it.
  for (const kind of ['item', 'landmine'] as const) {
    const keys = reported.filter((row) => row.kind === kind).map((row) => row.key);
    if (keys.length === 0) continue;
    const stillReported =
      kind === 'item'
        ? sql`select 1 from session_detections d where d.item_key = l.key`
        : sql`select 1 from session_landmine_hits h where h.landmine_key = l.key`;
    await tx.execute(
      sql`delete from insight_labels l where l.kind = ${kind} and l.key = any(${sql.param(keys)}::text[]) and not exists (${stillReported})`,
    );
  }
  // A customer's question that no remaining call asked goes with the calls that asked it.
  if (phrasings.length > 0)
    await tx.execute(
      sql`delete from insight_inquiry_phrases p where p.id = any(${sql.param(phrasings.map((row) => row.id))}::uuid[])
          and not exists (select 1 from session_detections d where d.item_key = 'inquiry:' || p.id::text)`,
    );
  return rows.map((row) => row.session_id);
};

/** DELETE /api/admin/sessions/{sessionId}: 404 when there is no such session. */
export const eraseSession = async (db: Database, actor: AuditActor, sessionId: string): Promise<string[]> =>
  db.transaction(async (tx) => {
    const erased = await eraseSessionsIn(tx, sql`session_id = ${sessionId}`);
    if (erased.length === 0) throw notFoundError(SESSION_MESSAGES.notFound);
    await recordAudit(tx, {
      actor,
      action: 'session.erase',
      targetType: 'session',
      targetId: sessionId,
      changes: { sessionIds: { from: erased, to: null } },
    });
    return erased;
  });

/**
 * DELETE /api/admin/sessions?rep=: every session of one rep (the Sessions list's rep filter: the
 * email whole, any case), in one transaction; none is no error. Audited with the session ids.
 */
export const eraseRepSessions = async (db: Database, actor: AuditActor, rep: string): Promise<string[]> =>
  db.transaction(async (tx) => {
    // In batches, so a rep's years of calls are never all in memory; all in one transaction.
    const erased: string[] = [];
    for (;;) {
      const batch = await eraseSessionsIn(tx, sql`lower(user_email) = lower(${rep})`, ERASE_BATCH);
      erased.push(...batch);
      if (batch.length < ERASE_BATCH) break;
    }
    if (erased.length > 0)
      await recordAudit(tx, {
        actor,
        action: 'session.eraseRep',
        targetType: 'rep',
        targetId: rep,
        changes: { sessions: { from: erased.length, to: 0 }, sessionIds: { from: erased, to: null } },
      });
    return erased;
  });
