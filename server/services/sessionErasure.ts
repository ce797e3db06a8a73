import { sql, type SQL } from 'drizzle-orm';
import { SESSION_MESSAGES } from '../../src/contract/sessions';
import type { Database, Transaction } from '../db/client';
import { compactFiles, compactionLog } from '../db/compaction';
import { notFoundError } from '../errors';
import { type AuditActor, recordAudit } from './audit';
import { GROUPING_LOCK_KEY } from './insights/record';
import { rowsOf } from './insights/read';
import { type ErasedRow, unrecordCalls } from './insights/unrecord';

/*
 * docs/api.md "Erasing sessions": a session goes with its detail (the tables cascade), and in the same transaction the
 * insights lose exactly what its completion added (services/insights/unrecord.ts), as if it had never been recorded.
 */
/** The retention job's batches. */
export const ERASE_BATCH = 500;

/** The others it touches hold numbers, ids and the rep's email. */
const ERASED_TABLES = [
  'sessions',
  'session_transcripts',
  'session_detections',
  'session_landmine_hits',
  'session_sentiment_entries',
  'session_competitor_mentions',
  'insight_counts',
  'insight_answer_effects',
  'insight_labels',
  'insight_inquiry_phrases',
  'variation_suggestions',
  'variation_suggestion_scans',
  'phrase_labels',
  'phrase_label_vectors',
] as const;

/** After the answer (db/compaction.ts): a failure is logged, and the next erasure's compaction covers these tables again. */
export const compactErased = (db: Database): void => {
  compactFiles(db, ERASED_TABLES).catch((error: unknown) =>
    (compactionLog(db) ?? console).error(
      { event: 'sessions.compaction_failed', err: String(error) },
      'compacting the erased sessions failed',
    ),
  );
};

/** Rows locked first, as a completion locks its own, so a call is erased after its completion counted it or not at all. */
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
  const reported = await rowsOf<{ kind: 'item' | 'landmine' | 'answer'; key: string; said: string }>(
    tx,
    sql`select distinct 'item' as kind, item_key as key, question as said from session_detections
          where session_id = any(${sql.param(ids)}::uuid[]) and item_key is not null and item_key not like 'inquiry:%'
        union select distinct 'answer', md5(answer), answer from session_detections where session_id = any(${sql.param(ids)}::uuid[]) and answer is not null
        union select distinct 'landmine', landmine_key, trigger from session_landmine_hits
          where session_id = any(${sql.param(ids)}::uuid[]) and landmine_key is not null`,
  );
  await tx.execute(sql`delete from sessions where id = any(${sql.param(ids)}::uuid[])`);
  await forgetWhatWasSaid(
    tx,
    reported,
    phrasings.map((row) => row.id),
  );
  return rows.map((row) => row.session_id);
};

const STILL_REPORTED = {
  item: sql`select 1 from session_detections d where d.item_key = l.key`,
  landmine: sql`select 1 from session_landmine_hits d where d.landmine_key = l.key`,
  answer: sql`select 1 from insight_answer_effects d where d.answer_key = l.key`,
};
const REPORTED_NAME = {
  item: sql`select d.question from session_detections d where d.item_key = l.key order by d.session_id, d.seq limit 1`,
  landmine: sql`select d.trigger from session_landmine_hits d where d.landmine_key = l.key order by d.session_id, d.seq limit 1`,
};
const IN_DICTIONARY = {
  item: sql`select 1 from dictionary_items i where i.id::text = l.key`,
  landmine: sql`select 1 from landmines i where i.id::text = l.key`,
};

/** The insights keep counts and dictionary names, never an erased call's own words. */
const forgetWhatWasSaid = async (
  tx: Transaction,
  reported: readonly { kind: 'item' | 'landmine' | 'answer'; key: string; said: string }[],
  phrasings: readonly string[],
) => {
  for (const kind of ['item', 'landmine', 'answer'] as const) {
    const ofKind = reported.filter((row) => row.kind === kind);
    if (ofKind.length === 0) continue;
    const keys = sql.param([...new Set(ofKind.map((row) => row.key))]);
    await tx.execute(
      sql`delete from insight_labels l where l.kind = ${kind} and l.key = any(${keys}::text[]) and not exists (${STILL_REPORTED[kind]})`,
    );
    if (kind === 'answer') continue;
    await tx.execute(
      sql`update insight_labels l set label = (${REPORTED_NAME[kind]}), updated_at = now()
          where l.kind = ${kind} and l.key = any(${keys}::text[]) and l.label = any(${sql.param(ofKind.map((row) => row.said))}::text[])
            and not exists (${IN_DICTIONARY[kind]})`,
    );
  }
  if (phrasings.length === 0) return;
  const ids = sql.param(phrasings);
  await tx.execute(
    sql`delete from insight_inquiry_phrases p where p.id = any(${ids}::uuid[])
        and not exists (select 1 from session_detections d where d.item_key = 'inquiry:' || p.id::text)`,
  );
  await tx.execute(
    sql`update insight_inquiry_phrases p set text = (select trim(d.question) from session_detections d
          where d.item_key = 'inquiry:' || p.id::text order by d.session_id, d.seq limit 1)
        where p.id = any(${ids}::uuid[])`,
  );
};

export const eraseSession = async (db: Database, actor: AuditActor, sessionId: string): Promise<string[]> => {
  const ids = await db.transaction(async (tx) => {
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
  compactErased(db);
  return ids;
};

/** The Sessions list's rep filter: the email whole, any case; none is no error. */
export const eraseRepSessions = async (db: Database, actor: AuditActor, rep: string): Promise<string[]> => {
  const ids = await db.transaction(async (tx) => {
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
  if (ids.length > 0) compactErased(db);
  return ids;
};
