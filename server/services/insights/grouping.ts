import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { insightInquiryPhrases, matchCalibrations } from '../../db/schema';
import type { EmbeddingProvider } from '../matching/embeddings/provider';
import { readMatchingRule } from '../matching/settings';
import { type BatchJobOptions, startPollingJob } from '../pollingJob';
import { assignGroups } from './groupAssignment';
import { GROUPING_LOCK_KEY } from './record';

/**
 * docs/insights-grouping.md. GROUPING_LOCK_KEY serialises the passes across servers (one short transaction, never
 * during a provider call); completions hold it shared (record.ts), so a pass sees every call completed before it.
 */
export { GROUPING_LOCK_KEY };

export interface InquiryGroupingOptions extends BatchJobOptions<Database, EmbeddingProvider> {
  /** Default 1 s: a completed call's new phrasings are grouped within seconds. */
  intervalMs?: number;
  /** Default true: groups are kept for good, and grouping on the default threshold would fix them by one soon dropped. */
  waitForCalibration?: boolean;
}

export interface InquiryGrouping {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const phrases = insightInquiryPhrases;

/**
 * A call asking k phrasings of one group counts k-1 times too many in the group's calls: -1 for each later phrasing,
 * at each of the call's twelve rollups (record.ts rollupsOf), beside what completion wrote for those grouped before.
 */
const correctOverlap = async (tx: Transaction, phrase: string, group: string) => {
  await tx.execute(
    sql`with calls as (
          select s.user_email as rep, s.status::text as status, (s.start_time at time zone 'UTC')::date as day
          from sessions s
          where s.id in (select d.session_id from session_detections d where d.item_key = 'inquiry:' || ${phrase}::text)
            and s.status in ('completed', 'failed')
            and exists (
              select 1 from session_detections o
              where o.session_id = s.id
                and o.item_key in (select 'inquiry:' || p.id::text from insight_inquiry_phrases p where p.group_id = ${group}::uuid and p.id <> ${phrase}::uuid)
            )
        )
        insert into insight_counts (metric, rep, status, grain, day, key, n, calls)
        select 'inquiry_overlap', r.rep, r.status, r.grain, r.day, ${group}::text, 0, -count(*)::int
        from calls c
        cross join lateral (
          select rep, status, grain, day
          from unnest(array[c.rep, '']) as rep, unnest(array[c.status, '']) as status,
            (values ('d', c.day), ('w', date_trunc('week', c.day::timestamp)::date), ('m', date_trunc('month', c.day::timestamp)::date)) as g(grain, day)
        ) r
        group by r.rep, r.status, r.grain, r.day
        on conflict (metric, rep, status, grain, day, key) do update set calls = insight_counts.calls + excluded.calls`,
  );
};

/** null until the model's threshold is calibrated or set by an admin. */
export const readGroupingThreshold = async (db: Database, model: string, waitForCalibration = true): Promise<number | null> => {
  const rule = await readMatchingRule(db, model);
  if (rule.source !== 'default' || !waitForCalibration) return rule.threshold;
  // A calibration over too small a dictionary keeps the default threshold, but it is settled all the same.
  const [row] = await db
    .select({ calibratedAt: matchCalibrations.calibratedAt })
    .from(matchCalibrations)
    .where(eq(matchCalibrations.model, model))
    .limit(1);
  return row?.calibratedAt ? rule.threshold : null;
};

/** Embeds outside any transaction, then assigns and stores under GROUPING_LOCK_KEY; provider failures back off. */
export const startInquiryGrouping = (options: InquiryGroupingOptions, { autoStart = true } = {}): InquiryGrouping => {
  const { db, provider } = options;
  const batchSize = options.batchSize ?? 16;
  let checkedModel = false;
  let lastBatchFull = false;

  const lock = (tx: Transaction) => tx.execute(sql`select pg_advisory_xact_lock(${GROUPING_LOCK_KEY}::bigint)`);

  const pendingHead = (executor: Database | Transaction, limit: number) =>
    executor
      .select({ id: phrases.id, text: phrases.text })
      .from(phrases)
      .where(isNull(phrases.groupId))
      .orderBy(asc(phrases.createdAt), asc(phrases.id))
      .limit(limit);

  const otherModel = and(isNotNull(phrases.groupId), sql`${phrases.embeddingModel} is distinct from ${provider.model}`);

  /** Another model's groups are not comparable, and regrouping only some would break creation order: all start again. */
  const resetOtherModel = async (): Promise<number> => {
    const [stale] = await db.select({ id: phrases.id }).from(phrases).where(otherModel).limit(1);
    if (!stale) return 0;
    return db.transaction(async (tx) => {
      await lock(tx);
      const [still] = await tx.select({ id: phrases.id }).from(phrases).where(otherModel).limit(1);
      if (!still) return 0;
      const reset = await tx
        .update(phrases)
        .set({ groupId: null, embedding: null, embeddingModel: null })
        .where(isNotNull(phrases.groupId))
        .returning({ id: phrases.id });
      await tx.execute(sql`delete from insight_counts where metric = 'inquiry_overlap'`);
      options.log?.info?.(
        { event: 'insights.inquiry_groups_reset', model: provider.model, phrasings: reset.length },
        'new-inquiry phrasings will be grouped again with this embedding model',
      );
      return reset.length;
    });
  };

  const pass = async (signal: AbortSignal): Promise<number> => {
    let rows = await pendingHead(db, batchSize);
    if (rows.length === 0 && checkedModel) return 0;
    checkedModel = true;
    if ((await resetOtherModel()) > 0) rows = await pendingHead(db, batchSize);
    lastBatchFull = rows.length >= batchSize;
    if (rows.length === 0) return 0;
    const threshold = await readGroupingThreshold(db, provider.model, options.waitForCalibration ?? true);
    if (threshold === null) return 0;
    const vectors = await provider.embed(
      rows.map((row) => row.text),
      signal,
    );
    return db.transaction(async (tx) => {
      await lock(tx);
      // Only what is still the oldest ungrouped: every phrasing is compared with all those created before it.
      const head = await pendingHead(tx, rows.length);
      let take = 0;
      while (take < rows.length && head[take]?.id === rows[take].id) take += 1;
      if (take === 0) return 0;
      const members = await tx
        .select({ id: phrases.id, groupId: phrases.groupId, text: phrases.text, vector: phrases.embedding })
        .from(phrases)
        .where(and(isNotNull(phrases.groupId), eq(phrases.embeddingModel, provider.model), isNotNull(phrases.embedding)))
        .orderBy(asc(phrases.createdAt), asc(phrases.id));
      const assignments = assignGroups(
        members.map((member) => ({ id: member.id, groupId: member.groupId!, text: member.text, vector: member.vector! })),
        rows.slice(0, take).map((row, at) => ({ id: row.id, text: row.text, vector: vectors[at] })),
        threshold,
      );
      let grouped = 0;
      for (const [at, assignment] of assignments.entries()) {
        const updated = await tx
          .update(phrases)
          .set({ embedding: vectors[at], embeddingModel: provider.model, groupId: assignment.groupId })
          .where(and(eq(phrases.id, assignment.id), isNull(phrases.groupId)))
          .returning({ id: phrases.id });
        grouped += updated.length;
        if (updated.length > 0 && assignment.groupId !== assignment.id) await correctOverlap(tx, assignment.id, assignment.groupId);
      }
      return grouped;
    });
  };

  return startPollingJob({
    pass,
    goAgain: (grouped) => grouped > 0 && lastBatchFull,
    intervalMs: options.intervalMs ?? 1_000,
    initialBackoffMs: options.initialBackoffMs,
    maxBackoffMs: options.maxBackoffMs,
    onFailure: (error, retryInMs) =>
      options.log?.warn(
        { event: 'insights.grouping_failed', err: error instanceof Error ? error.message : String(error), retryInMs },
        'grouping new inquiries failed; phrasings stay ungrouped',
      ),
    autoStart,
  });
};
