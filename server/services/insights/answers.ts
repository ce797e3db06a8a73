import { sql } from 'drizzle-orm';
import { INSIGHT_ROWS_MAX, type InsightAnswer, type InsightAnswers, type InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { periodWithCalls } from './rates';
import { everyRep, isIdKey, rowsCovering, rowsOf, scopeOf } from './read';
import { type EffectSums, effectOf } from './statistics';

interface SumsRow {
  item_key: string;
  cases: number;
  sum: number;
  sum_squares: number;
}

const sumsOf = (row: SumsRow): EffectSums => ({ cases: row.cases, sum: row.sum, sumSquares: row.sum_squares });

const byCases = <T extends { cases: number }>(a: T, b: T) => b.cases - a.cases;

/**
 * The customer's sentiment change around each objection (contract/insights.ts
 * insightEffectSchema): overall and per suggested answer from the team's rollup rows (or the
 * filtered rep's), per rep from the reps' own rows. Only objections have effects
 * (services/insights/call.ts answerEffects), so every key here is an objection's.
 */
export const insightAnswers = async (db: Database, query: InsightsQuery, now = Date.now()): Promise<InsightAnswers> => {
  const period = await periodWithCalls(db, query, now);
  // grouping sets: one row per objection (answer_key null) and one per objection and answer.
  const rows = await rowsOf<SumsRow & { answer_key: string | null; question: string | null; label: string | null; answer: string | null }>(
    db,
    sql`with sums as (
          select item_key, answer_key, sum(cases)::int as cases, sum(sum::float8) as sum, sum(sum_squares::float8) as sum_squares
          from insight_answer_effects
          where ${scopeOf(query)} and ${rowsCovering(period)}
          group by grouping sets ((item_key), (item_key, answer_key))
        )
        select s.item_key, s.answer_key, s.cases, s.sum, s.sum_squares, d.question, l.label, a.label as answer
        from sums s
        left join dictionary_items d on s.answer_key is null and d.id::text = s.item_key
        left join insight_labels l on s.answer_key is null and l.kind = 'item' and l.key = s.item_key
        left join insight_labels a on a.kind = 'answer' and a.key = s.answer_key`,
  );
  const byRep = new Map<string, InsightAnswer['byRep']>();
  if (query.rep) {
    // The filtered rep's rows are the ones read above: their overall figures are the rep's.
    for (const row of rows) if (row.answer_key === null) byRep.set(row.item_key, [{ rep: query.rep, ...effectOf(sumsOf(row)) }]);
  } else {
    const repRows = await rowsOf<SumsRow & { rep: string }>(
      db,
      sql`select item_key, rep, sum(cases)::int as cases, sum(sum::float8) as sum, sum(sum_squares::float8) as sum_squares
          from insight_answer_effects
          where rep = any(${everyRep}) and status = ${query.status ?? ''} and ${rowsCovering(period)}
          group by item_key, rep`,
    );
    for (const row of repRows) {
      const list = byRep.get(row.item_key) ?? [];
      list.push({ rep: row.rep, ...effectOf(sumsOf(row)) });
      byRep.set(row.item_key, list);
    }
  }

  const objections = new Map<string, InsightAnswer>();
  for (const row of rows) {
    if (row.answer_key !== null) continue;
    objections.set(row.item_key, {
      key: row.item_key,
      label: row.question ?? row.label ?? row.item_key,
      deleted: row.question === null && isIdKey(row.item_key),
      overall: effectOf(sumsOf(row)),
      byAnswer: [],
      byRep: (byRep.get(row.item_key) ?? []).sort((a, b) => byCases(a, b) || (a.rep < b.rep ? -1 : 1)),
    });
  }
  for (const row of rows) {
    if (row.answer_key === null) continue;
    objections.get(row.item_key)?.byAnswer.push({ answerKey: row.answer_key, answer: row.answer ?? '', ...effectOf(sumsOf(row)) });
  }
  const list = [...objections.values()]
    .sort((a, b) => byCases(a.overall, b.overall) || (a.key < b.key ? -1 : 1))
    .slice(0, INSIGHT_ROWS_MAX);
  for (const objection of list) objection.byAnswer.sort((a, b) => byCases(a, b) || (a.answerKey < b.answerKey ? -1 : 1));
  return { period, objections: list };
};
