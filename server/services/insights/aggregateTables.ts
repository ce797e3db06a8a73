import type { RepFacts } from './call';

/**
 * The insights' aggregate tables as record.ts adds a call to them and unrecord.ts takes it out
 * again (server/db/schema/insights.ts): each table's key and sum columns, and how a value
 * gathered in memory under a joined key becomes one of its rows.
 */

export type ColumnType = 'text' | 'int' | 'real' | 'date' | 'uuid';
export type Column = readonly [name: string, type: ColumnType];

export const joinKey = (...parts: string[]) => parts.join('\u0000');
export const splitKey = (key: string) => key.split('\u0000');

/** Adds `values` to `map[key]` field by field. */
export const add = <T extends Record<string, number>>(map: Map<string, T>, key: string, values: T) => {
  const current = map.get(key);
  if (!current) {
    map.set(key, { ...values });
    return;
  }
  for (const field of Object.keys(values) as (keyof T)[]) (current[field] as number) += values[field];
};

export interface AggregateTable<V> {
  table: string;
  keys: readonly Column[];
  sums: readonly Column[];
  /** The row of `value` gathered under `key` (its key columns joined): keys, then sums. */
  row: (key: string, value: V) => (string | number)[];
}

export type Count = { n: number; calls: number };
export type AnswerEffect = { cases: number; sum: number; sumSquares: number };
export type RepDay = RepFacts & { calls: number };

export const COUNTS: AggregateTable<Count> = {
  table: 'insight_counts',
  keys: [
    ['metric', 'text'],
    ['rep', 'text'],
    ['status', 'text'],
    ['grain', 'text'],
    ['day', 'date'],
    ['key', 'text'],
  ],
  sums: [
    ['n', 'int'],
    ['calls', 'int'],
  ],
  row: (key, value) => [...splitKey(key), value.n, value.calls],
};

export const ANSWER_EFFECTS: AggregateTable<AnswerEffect> = {
  table: 'insight_answer_effects',
  keys: [
    ['rep', 'text'],
    ['status', 'text'],
    ['grain', 'text'],
    ['day', 'date'],
    ['item_key', 'text'],
    ['answer_key', 'text'],
  ],
  sums: [
    ['cases', 'int'],
    ['sum', 'real'],
    ['sum_squares', 'real'],
  ],
  row: (key, value) => [...splitKey(key), value.cases, value.sum, value.sumSquares],
};

const REP_SUMS: readonly [name: string, type: ColumnType, field: keyof RepDay][] = [
  ['calls', 'int', 'calls'],
  ['duration_ms', 'real', 'durationMs'],
  ['talk_ms', 'real', 'talkMs'],
  ['sales_talk_ms', 'real', 'salesTalkMs'],
  ['longest_monologue_ms', 'real', 'longestMonologueMs'],
  ['questions', 'int', 'questions'],
  ['alerts', 'int', 'alerts'],
  ['landmines', 'int', 'landmines'],
  ['sentiment_sum', 'real', 'sentimentSum'],
  ['sentiment_entries', 'int', 'sentimentEntries'],
];

export const REP_DAYS: AggregateTable<RepDay> = {
  table: 'insight_rep_days',
  keys: [
    ['rep', 'text'],
    ['day', 'date'],
    ['status', 'text'],
  ],
  sums: REP_SUMS.map(([name, type]) => [name, type] as const),
  row: (key, value) => [...splitKey(key), ...REP_SUMS.map(([, , field]) => value[field])],
};
