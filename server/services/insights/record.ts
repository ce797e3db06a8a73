import { inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { dictionaryItems, insightInquiryPhrases, landmines } from '../../db/schema';
import {
  ANSWER_EFFECTS,
  type AggregateTable,
  type AnswerEffect,
  add,
  COUNTS,
  type Count,
  joinKey,
  REP_DAYS,
  type RepDay,
  splitKey,
} from './aggregateTables';
import { answerEffects, answerKeyOf, type CallRecord, normalizeText, repFacts, utcDay } from './call';
import { monthOf, weekOf } from './period';

/* docs/insights.md: completions and the demo seed both call `recordCalls` in the call's transaction, so a call counts once. */
type Executor = Database | Transaction;

/** Completions hold it shared and the grouping job exclusively, so each overlap is corrected by exactly one of them. */
export const GROUPING_LOCK_KEY = '7304318840911352077';

/** docs/insights.md "Keys" */
const resolver = async (executor: Executor, calls: readonly CallRecord[]) => {
  const items = await executor
    .select({ id: dictionaryItems.id, parentId: dictionaryItems.parentId, kind: dictionaryItems.kind, question: dictionaryItems.question })
    .from(dictionaryItems);
  const originalOf = new Map<string, string>();
  const byQuestion = new Map<string, string>();
  const questionOf = new Map<string, string>();
  for (const item of items) {
    const original = item.parentId ?? item.id;
    originalOf.set(item.id, original);
    if (!item.parentId) questionOf.set(item.id, item.question);
    const key = `${item.kind}:${normalizeText(item.question)}`;
    // An original's own question wins over a variation worded the same.
    if (!item.parentId || !byQuestion.has(key)) byQuestion.set(key, original);
  }
  const mines = await executor.select({ id: landmines.id, trigger: landmines.trigger }).from(landmines);
  const mineByTrigger = new Map(mines.map((mine) => [normalizeText(mine.trigger), mine.id]));
  const triggerOf = new Map(mines.map((mine) => [mine.id, mine.trigger]));

  const phrasings = new Map<string, string>();
  for (const call of calls)
    for (const detection of call.detections)
      if (detection.kind === 'new_inquiry' && !phrasings.has(normalizeText(detection.question)))
        phrasings.set(normalizeText(detection.question), detection.question.trim());
  const phraseIds = new Map<string, string>();
  const groupOfPhrase = new Map<string, string | null>();
  if (phrasings.size > 0) {
    const normalized = [...phrasings.keys()];
    await executor.execute(
      sql`insert into ${insightInquiryPhrases} (normalized, text)
          select * from unnest(${sql.param(normalized)}::text[], ${sql.param(normalized.map((key) => phrasings.get(key)!))}::text[])
          on conflict (normalized) do nothing`,
    );
    const rows = await executor
      .select({ id: insightInquiryPhrases.id, normalized: insightInquiryPhrases.normalized, groupId: insightInquiryPhrases.groupId })
      .from(insightInquiryPhrases)
      .where(inArray(insightInquiryPhrases.normalized, normalized));
    for (const row of rows) {
      phraseIds.set(row.normalized, row.id);
      groupOfPhrase.set(row.id, row.groupId);
    }
  }

  return {
    groupOf: (phraseId: string) => groupOfPhrase.get(phraseId) ?? null,
    item: (detection: CallRecord['detections'][number]) => {
      if (detection.kind === 'new_inquiry') return phraseIds.get(normalizeText(detection.question))!;
      if (detection.itemId) return originalOf.get(detection.itemId) ?? detection.itemId;
      const normalized = normalizeText(detection.question);
      return byQuestion.get(`${detection.kind}:${normalized}`) ?? `q:${detection.kind}:${normalized}`;
    },
    itemLabel: (key: string, detection: CallRecord['detections'][number]) => questionOf.get(key) ?? detection.question,
    landmine: (hit: CallRecord['landmines'][number]) =>
      hit.landmineId ?? mineByTrigger.get(normalizeText(hit.trigger)) ?? `t:${normalizeText(hit.trigger)}`,
    landmineLabel: (key: string, hit: CallRecord['landmines'][number]) => triggerOf.get(key) ?? hit.trigger,
  };
};

const TEAM = '';
const BOTH_STATUSES = '';

/** Rep and team, its status and both, its day, ISO week and month: twelve rows, so a long period reads a row per month. */
export const rollupsOf = (rep: string, status: string, day: string): [string, string, string, string][] => {
  const rollups: [string, string, string, string][] = [];
  for (const who of [rep, TEAM])
    for (const which of [status, BOTH_STATUSES])
      for (const [grain, start] of [
        ['d', day],
        ['w', weekOf(day)],
        ['m', monthOf(day)],
      ])
        rollups.push([who, which, grain, start]);
  return rollups;
};

const upsertAdding = async <V>(
  executor: Executor,
  { table, keys, sums, row: rowOf }: AggregateTable<V>,
  values: ReadonlyMap<string, V>,
) => {
  if (values.size === 0) return;
  const rows = [...values].map(([key, value]) => rowOf(key, value));
  const columns = [...keys, ...sums];
  const arrays = columns.map(([, type], i) => sql`${sql.param(rows.map((row) => row[i]))}::${sql.raw(type)}[]`);
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const conflict = sql.raw(keys.map(([name]) => name).join(', '));
  const set = sql.raw(sums.map(([name]) => `${name} = ${table}.${name} + excluded.${name}`).join(', '));
  await executor.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})
        on conflict (${conflict}) do update set ${set}`,
  );
};

const upsertLabels = async (
  executor: Executor,
  labels: Map<string, { label: string; itemKind: string | null; category: string | null }>,
) => {
  if (labels.size === 0) return;
  const entries = [...labels.entries()].map(([key, value]) => {
    const [kind, labelKey] = splitKey(key);
    return [kind, labelKey, value] as const;
  });
  await executor.execute(
    sql`insert into insight_labels (kind, key, label, item_kind, category)
        select * from unnest(${sql.param(entries.map(([kind]) => kind))}::text[], ${sql.param(entries.map(([, key]) => key))}::text[],
          ${sql.param(entries.map(([, , value]) => value.label))}::text[], ${sql.param(entries.map(([, , value]) => value.itemKind))}::text[],
          ${sql.param(entries.map(([, , value]) => value.category))}::text[])
        on conflict (kind, key) do update set label = excluded.label, item_kind = excluded.item_kind, category = excluded.category, updated_at = now()`,
  );
};

/** The Sessions list filters read these keys. */
const setKeys = async (
  executor: Executor,
  table: 'session_detections' | 'session_landmine_hits',
  column: string,
  rows: [string, number, string][],
) => {
  if (rows.length === 0) return;
  await executor.execute(
    sql`update ${sql.identifier(table)} as d set ${sql.identifier(column)} = v.key
        from unnest(${sql.param(rows.map(([id]) => id))}::uuid[], ${sql.param(rows.map(([, seq]) => seq))}::int[], ${sql.param(rows.map(([, , key]) => key))}::text[]) as v(id, seq, key)
        where d.session_id = v.id and d.seq = v.seq`,
  );
};

/** Run it once per call, in the transaction that finishes it. */
export const recordCalls = async (executor: Executor, calls: readonly CallRecord[]): Promise<void> => {
  if (calls.length === 0) return;
  // Before reading which phrasings are grouped (GROUPING_LOCK_KEY).
  if (calls.some((call) => call.detections.some((detection) => detection.kind === 'new_inquiry')))
    await executor.execute(sql`select pg_advisory_xact_lock_shared(${GROUPING_LOCK_KEY}::bigint)`);
  const resolve = await resolver(executor, calls);
  const counts = new Map<string, Count>();
  const effects = new Map<string, AnswerEffect>();
  const reps = new Map<string, RepDay>();
  const labels = new Map<string, { label: string; itemKind: string | null; category: string | null }>();
  const detectionKeys: [string, number, string][] = [];
  const landmineKeys: [string, number, string][] = [];

  for (const call of calls) {
    const day = utcDay(call.startMs);
    const rollups = rollupsOf(call.rep, call.status, day);
    const perCall = new Map<string, number>();
    const keyOfSeq = new Map<number, string>();
    for (const detection of call.detections) {
      const key = resolve.item(detection);
      keyOfSeq.set(detection.seq, key);
      if (detection.kind === 'new_inquiry') {
        detectionKeys.push([call.id, detection.seq, `inquiry:${key}`]);
        perCall.set(joinKey('inquiry', key), (perCall.get(joinKey('inquiry', key)) ?? 0) + 1);
        continue;
      }
      detectionKeys.push([call.id, detection.seq, key]);
      perCall.set(joinKey('item', key), (perCall.get(joinKey('item', key)) ?? 0) + 1);
      labels.set(joinKey('item', key), {
        label: resolve.itemLabel(key, detection),
        itemKind: detection.kind,
        category: detection.category,
      });
    }
    for (const hit of call.landmines) {
      const key = resolve.landmine(hit);
      landmineKeys.push([call.id, hit.seq, key]);
      perCall.set(joinKey('landmine', key), (perCall.get(joinKey('landmine', key)) ?? 0) + 1);
      labels.set(joinKey('landmine', key), { label: resolve.landmineLabel(key, hit), itemKind: null, category: null });
    }
    // A call asking k phrasings of one group counts k times: -(k-1); ungrouped phrasings are the job's to correct.
    const phrasingsPerGroup = new Map<string, number>();
    for (const [metricKey, n] of perCall) {
      const [metric, key] = splitKey(metricKey);
      for (const rollup of rollups) add(counts, joinKey(metric, ...rollup, key), { n, calls: 1 });
      const group = metric === 'inquiry' ? resolve.groupOf(key) : null;
      if (group) phrasingsPerGroup.set(group, (phrasingsPerGroup.get(group) ?? 0) + 1);
    }
    for (const [group, k] of phrasingsPerGroup)
      if (k > 1) for (const rollup of rollups) add(counts, joinKey('inquiry_overlap', ...rollup, group), { n: 0, calls: 1 - k });
    for (const [seq, change] of answerEffects(call)) {
      const detection = call.detections.find((candidate) => candidate.seq === seq)!;
      const answer = detection.answer ?? '';
      const answerKey = answerKeyOf(answer);
      labels.set(joinKey('answer', answerKey), { label: answer, itemKind: null, category: null });
      for (const rollup of rollups)
        add(effects, joinKey(...rollup, keyOfSeq.get(seq)!, answerKey), { cases: 1, sum: change, sumSquares: change * change });
    }
    add(reps, joinKey(call.rep, day, call.status), { ...repFacts(call), calls: 1 });
  }

  await upsertLabels(executor, labels);
  await upsertAdding(executor, COUNTS, counts);
  await upsertAdding(executor, ANSWER_EFFECTS, effects);
  await upsertAdding(executor, REP_DAYS, reps);
  await setKeys(executor, 'session_detections', 'item_key', detectionKeys);
  await setKeys(executor, 'session_landmine_hits', 'landmine_key', landmineKeys);
};

export const keepLastName = async (executor: Executor, kind: 'item' | 'landmine', key: string, label: string): Promise<void> => {
  await executor.execute(sql`update insight_labels set label = ${label}, updated_at = now() where kind = ${kind} and key = ${key}`);
};
