import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { insightInquiryPhrases, matchCalibrations } from '../../db/schema';
import { tokenize } from '../embeddings/local';
import type { EmbeddingProvider } from '../embeddings/provider';
import { readMatchingRule } from '../matching/settings';
import { startPollingJob } from '../pollingJob';
import { GROUPING_LOCK_KEY } from './record';

/**
 * Grouping new-inquiry phrasings by meaning (docs/insights-grouping.md). Each phrasing joins
 * the group of the earlier phrasing it is most alike to when the two are alike enough, else it
 * starts a group of its own (group_id = its id). Alike means the cosine similarity of their
 * embeddings plus the overlap of their content words reaches the model's matching threshold
 * (the score at which the assistant takes two texts for the same question) plus
 * WORD_OVERLAP_BAR. A phrasing keeps its group for good, until the embedding model changes:
 * then every phrasing is embedded and grouped again, in creation order.
 */

/**
 * What the word overlap must add on top of the matching threshold. Chosen on the first set of
 * tests/support/inquiryPhrasings.ts only (best pairwise F1 there, 0.24 to 0.32 about as good;
 * on the held-out sets it does no better than the cosine alone, see the doc): a pair at the
 * matching threshold needs an overlap of 0.28, a pair with no word in common a cosine 0.28
 * above it, and two questions that share words but not their subject ("Brazil" and "Canada")
 * lose what the differing words take from the overlap.
 */
export const WORD_OVERLAP_BAR = 0.28;

/** Words that frame a question rather than say what it is about. */
const STOP_WORDS = new Set(
  `a an the and or but if of to in on at by for with from as into about over under than then so too also
  i me my we us our ours you your yours he she it its they them their this that these those there here
  what which who whom whose when where why how is are was were be been being am do does did done doing
  have has had having can could will would shall should may might must not no just only any some each
  every all both either other another own same such very much many more most let like want wants need
  needs get got way possible able thing something anything chance please`.split(/\s+/),
);

/** Longest first, so "transcription" loses "ion" rather than "n". */
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ions', 'ion', 'ers', 'er', 'ies', 'es', 's', 'ed', 'ly', 'e'];

/**
 * A word's stem: one common suffix off (keeping three letters at least), then the first six
 * letters, so that "transcribe" and "transcription", "resell" and "reseller", "charity" and
 * "charities" meet without a dictionary of word forms.
 */
export const stem = (word: string): string => {
  const suffix = SUFFIXES.find((ending) => word.endsWith(ending) && word.length - ending.length >= 3);
  return (suffix ? word.slice(0, -suffix.length) : word).slice(0, 6);
};

/** The stems of a text's content words: lower case, contractions and possessives cut ("we'd", "customer's"), stop words out. */
export const contentStems = (text: string): Set<string> =>
  new Set(
    tokenize(text)
      .map((word) => word.replace(/'.*$/, ''))
      .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
      .map(stem),
  );

/** Dice coefficient of two stem sets: twice the shared stems over both counts (0 when either is empty). */
export const wordOverlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return (2 * shared) / (a.size + b.size);
};

/** A grouped phrasing, as the phrasings after it are compared with. */
export interface GroupMember {
  id: string;
  groupId: string;
  text: string;
  vector: readonly number[];
}

export interface GroupAssignment {
  id: string;
  groupId: string;
  /** The earlier phrasing most alike to it (null when there was none), with their cosine and word overlap. */
  nearestId: string | null;
  similarity: number | null;
  overlap: number | null;
}

const unit = (vector: readonly number[]): Float64Array => {
  const norm = Math.hypot(...vector);
  const out = new Float64Array(vector.length);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) out[i] = vector[i] / norm;
  return out;
};

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) sum += a[i] * b[i];
  return sum;
};

/**
 * Assigns each phrasing, in the order given, to the group of the member with the highest cosine
 * plus word overlap (earlier phrasings of the list count as members once assigned; ties go to
 * the member seen first) when that sum reaches `threshold` + WORD_OVERLAP_BAR, else to a new
 * group of its own id.
 */
export const assignGroups = (
  members: readonly GroupMember[],
  phrases: readonly { id: string; text: string; vector: readonly number[] }[],
  threshold: number,
): GroupAssignment[] => {
  // Unit vectors and stems once: a pass compares a batch with every member.
  const known = members.map((member) => ({
    id: member.id,
    groupId: member.groupId,
    unit: unit(member.vector),
    stems: contentStems(member.text),
  }));
  return phrases.map((phrase) => {
    const vector = unit(phrase.vector);
    const stems = contentStems(phrase.text);
    let nearest: (typeof known)[number] | null = null;
    let best = -Infinity;
    let similarity = 0;
    let overlap = 0;
    for (const member of known) {
      const cosine = dot(vector, member.unit);
      const words = wordOverlap(stems, member.stems);
      if (cosine + words > best) {
        best = cosine + words;
        nearest = member;
        similarity = cosine;
        overlap = words;
      }
    }
    const groupId = nearest && best >= threshold + WORD_OVERLAP_BAR ? nearest.groupId : phrase.id;
    known.push({ id: phrase.id, groupId, unit: vector, stems });
    return {
      id: phrase.id,
      groupId,
      nearestId: nearest?.id ?? null,
      similarity: nearest ? similarity : null,
      overlap: nearest ? overlap : null,
    };
  });
};

/**
 * GROUPING_LOCK_KEY serialises the passes that write groups across servers sharing a PostgreSQL
 * database (held for one short transaction, never during a provider call), so each phrasing is
 * compared with every phrasing grouped before it; completions recording new inquiries hold it
 * shared (record.ts), so a pass sees every call completed before it and none completes meanwhile.
 */
export { GROUPING_LOCK_KEY };

export interface InquiryGroupingOptions {
  db: Database;
  provider: EmbeddingProvider;
  /** Pause between polls when there is nothing to group (default 1 s: a completed call's new phrasings are grouped within seconds). */
  intervalMs?: number;
  /** Phrasings embedded and grouped per pass (default 16). */
  batchSize?: number;
  /** First retry delay after a provider failure, doubled per failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn(payload: object, message: string): void; info?(payload: object, message: string): void };
  /**
   * Wait until the model's threshold is settled (calibrated, or set by an admin) before grouping
   * (default true). Groups are kept for good, and after a model change the dictionary is
   * calibrated only once it is embedded again: grouping on the model's default meanwhile would
   * fix every phrasing's group by a threshold the assistant stops using minutes later.
   */
  waitForCalibration?: boolean;
}

export interface InquiryGrouping {
  /** One pass: groups up to batchSize phrasings, oldest first; returns how many it grouped. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

const phrases = insightInquiryPhrases;

/**
 * Once `phrase` joins `group` (its group_id stored): each finished call that asked it and
 * another phrasing grouped in `group` before it counted once more in the group's phrasings' calls
 * than it is, so -1 for the group at each of the call's twelve rollups (metric inquiry_overlap,
 * server/db/schema/insights.ts; rep and team, its status and both, its UTC day, ISO week and
 * month: record.ts rollupsOf).
 * Taken phrasing by phrasing in grouping order, a call asking k of the group's phrasings ends at
 * -(k-1), with what completion wrote (record.ts) for the phrasings grouped before the call
 * completed: those the job never groups again. Reads the calls by session_detections' (item_key,
 * session_id) index.
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

/** The threshold to group by: the model's matching rule once calibrated or set by an admin, else null (not yet). */
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

/**
 * The background job that groups new phrasings (started beside the embedding worker in
 * server.ts). A pass reads the oldest ungrouped phrasings, embeds them outside any transaction,
 * then, in one short transaction under GROUPING_LOCK_KEY, loads the grouped phrasings of the
 * provider's model, assigns the batch and stores it. Provider failures leave the phrasings
 * ungrouped and back off exponentially.
 */
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

  /**
   * Groups made with another model are not comparable with this one's vectors, and regrouping
   * only some phrasings would group them out of creation order: every phrasing starts again.
   */
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
      // The corrections were for the groups just cleared; regrouping writes them again.
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
    // The model check scans the grouped phrasings: on the first pass, and whenever there is work.
    if (rows.length === 0 && checkedModel) return 0;
    checkedModel = true;
    if ((await resetOtherModel()) > 0) rows = await pendingHead(db, batchSize);
    lastBatchFull = rows.length >= batchSize;
    if (rows.length === 0) return 0;
    const threshold = await readGroupingThreshold(db, provider.model, options.waitForCalibration ?? true);
    if (threshold === null) return 0;
    // Network (or CPU) work happens here, outside any transaction.
    const vectors = await provider.embed(
      rows.map((row) => row.text),
      signal,
    );
    return db.transaction(async (tx) => {
      await lock(tx);
      // Only the part of the batch that is still the oldest ungrouped: a concurrent pass may have
      // grouped some of it, or an older phrasing may have committed since. What is left waits
      // for the next pass, so every phrasing is compared with all those created before it.
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
    // A full batch means more may be waiting: go again at once.
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
