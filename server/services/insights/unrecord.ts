import { sql } from 'drizzle-orm';
import type { Emotion, Speaker } from '../../../src/contract/sessions';
import type { Transaction } from '../../db/client';
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
import { answerEffects, answerKeyOf, type CallRecord, repFacts, utcDay } from './call';
import { rollupsOf } from './record';
import { rowsOf } from './read';

/* The mirror of record.ts, in the erasure's transaction: empty aggregate rows are deleted, as if never recorded. */
export interface ErasedRow {
  id: string;
  session_id: string;
  user_email: string;
  status: 'completed' | 'failed' | 'in_progress';
  start_ms: number;
  end_ms: number | null;
}

/** Rows in key order, so two erasures touch them in the same order. */
const subtract = async <V>(
  tx: Transaction,
  { table, keys, sums, row: rowOf }: AggregateTable<V>,
  gathered: ReadonlyMap<string, V>,
  empty: string,
) => {
  const rows = [...gathered].map(([key, value]) => rowOf(key, value));
  if (rows.length === 0) return;
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i += 1) if (a[i] !== b[i]) return String(a[i]) < String(b[i]) ? -1 : 1;
    return 0;
  });
  const columns = [...keys, ...sums];
  const arrays = columns.map(([, type], i) => sql`${sql.param(rows.map((row) => row[i]))}::${sql.raw(type)}[]`);
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const matches = sql.raw(keys.map(([name]) => `t.${name} = v.${name}`).join(' and '));
  const set = sql.raw(sums.map(([name]) => `${name} = t.${name} - v.${name}`).join(', '));
  const values = sql`unnest(${sql.join(arrays, sql`, `)}) as v(${names})`;
  await tx.execute(sql`update ${sql.identifier(table)} as t set ${set} from ${values} where ${matches}`);
  await tx.execute(sql`delete from ${sql.identifier(table)} as t using ${values} where ${matches} and ${sql.raw(empty)}`);
};

const recordedCalls = async (tx: Transaction, rows: readonly ErasedRow[]) => {
  const ids = rows.map((row) => row.id);
  const transcripts = await rowsOf<{ session_id: string; t: number; speaker: Speaker; text: string }>(
    tx,
    sql`select session_id::text, (extract(epoch from ts) * 1000)::float8 as t, speaker, text from session_transcripts
        where session_id = any(${sql.param(ids)}::uuid[]) order by session_id, ts, seq`,
  );
  const detections = await rowsOf<{
    session_id: string;
    seq: number;
    t: number;
    kind: 'objection' | 'faq' | 'new_inquiry';
    answer: string | null;
    item_key: string | null;
  }>(
    tx,
    sql`select session_id::text, seq, (extract(epoch from ts) * 1000)::float8 as t, kind, answer, item_key from session_detections
        where session_id = any(${sql.param(ids)}::uuid[]) order by session_id, ts, seq`,
  );
  const sentiment = await rowsOf<{ session_id: string; t: number; speaker: Speaker; emotion: Emotion }>(
    tx,
    sql`select session_id::text, (extract(epoch from ts) * 1000)::float8 as t, speaker, dominant_emotion as emotion from session_sentiment_entries
        where session_id = any(${sql.param(ids)}::uuid[]) order by session_id, ts, seq`,
  );
  const alerts = await rowsOf<{ session_id: string; n: number }>(
    tx,
    sql`select session_id::text, count(*)::int as n from session_speech_alerts where session_id = any(${sql.param(ids)}::uuid[]) group by session_id`,
  );
  const hits = await rowsOf<{ session_id: string; seq: number; t: number; landmine_key: string | null; speaker: Speaker }>(
    tx,
    sql`select session_id::text, seq, (extract(epoch from ts) * 1000)::float8 as t, landmine_key, speaker from session_landmine_hits
        where session_id = any(${sql.param(ids)}::uuid[]) order by session_id, ts, seq`,
  );
  const bySession = <T extends { session_id: string }>(list: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.session_id, [...(map.get(item.session_id) ?? []), item]);
    return map;
  };
  const transcriptsOf = bySession(transcripts);
  const detectionsOf = bySession(detections);
  const sentimentOf = bySession(sentiment);
  const hitsOf = bySession(hits);
  const alertsOf = new Map(alerts.map((row) => [row.session_id, row.n]));
  return rows.map((row) => {
    const call: CallRecord = {
      id: row.id,
      rep: row.user_email,
      status: row.status as 'completed' | 'failed',
      startMs: Number(row.start_ms),
      endMs: Number(row.end_ms),
      transcripts: (transcriptsOf.get(row.id) ?? []).map((entry) => ({ t: Number(entry.t), speaker: entry.speaker, text: entry.text })),
      detections: (detectionsOf.get(row.id) ?? []).map((entry) => ({
        seq: entry.seq,
        t: Number(entry.t),
        kind: entry.kind,
        category: '',
        question: '',
        answer: entry.answer,
        itemId: null,
      })),
      sentiment: (sentimentOf.get(row.id) ?? []).map((entry) => ({ t: Number(entry.t), speaker: entry.speaker, emotion: entry.emotion })),
      alerts: alertsOf.get(row.id) ?? 0,
      landmines: (hitsOf.get(row.id) ?? []).map((entry) => ({
        seq: entry.seq,
        t: Number(entry.t),
        landmineId: null,
        trigger: '',
        speaker: entry.speaker,
      })),
    };
    return {
      call,
      itemKeys: new Map((detectionsOf.get(row.id) ?? []).map((entry) => [entry.seq, entry.item_key])),
      landmineKeys: (hitsOf.get(row.id) ?? []).map((entry) => entry.landmine_key),
    };
  });
};

/** Keyed as at completion, whatever the dictionary holds now; overlap corrections read from the groups as they stand. */
export const unrecordCalls = async (tx: Transaction, rows: readonly ErasedRow[]) => {
  if (rows.length === 0) return;
  const calls = await recordedCalls(tx, rows);
  const phrasings = new Set<string>();
  for (const { itemKeys } of calls)
    for (const key of itemKeys.values()) if (key?.startsWith('inquiry:')) phrasings.add(key.slice('inquiry:'.length));
  const groupOf = new Map<string, string | null>();
  if (phrasings.size > 0) {
    const groups = await rowsOf<{ id: string; group_id: string | null }>(
      tx,
      sql`select id::text, group_id::text from insight_inquiry_phrases where id = any(${sql.param([...phrasings])}::uuid[])`,
    );
    for (const row of groups) groupOf.set(row.id, row.group_id);
  }

  const counts = new Map<string, Count>();
  const effects = new Map<string, AnswerEffect>();
  const reps = new Map<string, RepDay>();
  for (const { call, itemKeys, landmineKeys } of calls) {
    const day = utcDay(call.startMs);
    const rollups = rollupsOf(call.rep, call.status, day);
    const perCall = new Map<string, number>();
    for (const key of itemKeys.values()) {
      if (key === null) continue;
      const metricKey = key.startsWith('inquiry:') ? joinKey('inquiry', key.slice('inquiry:'.length)) : joinKey('item', key);
      perCall.set(metricKey, (perCall.get(metricKey) ?? 0) + 1);
    }
    for (const key of landmineKeys)
      if (key !== null) perCall.set(joinKey('landmine', key), (perCall.get(joinKey('landmine', key)) ?? 0) + 1);
    const phrasingsPerGroup = new Map<string, number>();
    for (const [metricKey, n] of perCall) {
      const [metric, key] = splitKey(metricKey);
      for (const rollup of rollups) add(counts, joinKey(metric, ...rollup, key), { n, calls: 1 });
      const group = metric === 'inquiry' ? (groupOf.get(key) ?? null) : null;
      if (group) phrasingsPerGroup.set(group, (phrasingsPerGroup.get(group) ?? 0) + 1);
    }
    for (const [group, k] of phrasingsPerGroup)
      if (k > 1) for (const rollup of rollups) add(counts, joinKey('inquiry_overlap', ...rollup, group), { n: 0, calls: 1 - k });
    for (const [seq, change] of answerEffects(call)) {
      const itemKey = itemKeys.get(seq);
      if (!itemKey) continue;
      const answer = call.detections.find((candidate) => candidate.seq === seq)!.answer ?? '';
      for (const rollup of rollups)
        add(effects, joinKey(...rollup, itemKey, answerKeyOf(answer)), { cases: 1, sum: change, sumSquares: change * change });
    }
    add(reps, joinKey(call.rep, day, call.status), { ...repFacts(call), calls: 1 });
  }

  await subtract(tx, COUNTS, counts, 't.n = 0 and t.calls = 0');
  await subtract(tx, ANSWER_EFFECTS, effects, 't.cases = 0');
  await subtract(tx, REP_DAYS, reps, 't.calls = 0');
};
