import { sql } from 'drizzle-orm';
import { INSIGHT_REP_OBJECTIONS_MAX, type InsightRepPage } from '../../../src/contract/insightRep';
import type { InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { insightAnswers } from './answers';
import { insightItems, insightLandmines } from './query';
import { callsOf, ratePer100 } from './rates';
import { rowsCovering, rowsOf, scopeOf } from './read';
import { insightReps, profilesOf } from './reps';
import { effectOf } from './statistics';

/** The address as the calls spell it: a link from Users may differ in case. */
const repKeyOf = async (db: Database, rep: string): Promise<string> => {
  const [row] = await rowsOf<{ rep: string }>(
    db,
    sql`select rep from insight_rep_days where rep = ${rep}
        union all (select rep from insight_rep_days where lower(rep) = ${rep.toLowerCase()} order by rep limit 1)
        limit 1`,
  );
  return row?.rep ?? rep;
};

type Range = InsightRepPage['period'];

/** The team's count of each of `keys` in the range, from the rollup rows (rep ''), never the rep's whole table. */
const teamCounts = async (db: Database, metric: 'item' | 'landmine', keys: string[], query: InsightsQuery, period: Range) => {
  if (keys.length === 0) return new Map<string, number>();
  const rows = await rowsOf<{ key: string; n: number }>(
    db,
    sql`select key, sum(n)::int as n from insight_counts
        where metric = ${metric} and ${scopeOf(query)} and ${rowsCovering(period)}
          and key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})
        group by key`,
  );
  return new Map(rows.map((row) => [row.key, row.n]));
};

/** The team's sentiment change around each of `keys` (contract/insights.ts insightEffectSchema). */
const teamEffects = async (db: Database, keys: string[], query: InsightsQuery, period: Range) => {
  if (keys.length === 0) return new Map<string, ReturnType<typeof effectOf>>();
  const rows = await rowsOf<{ key: string; cases: number; sum: number; sum_squares: number }>(
    db,
    sql`select item_key as key, sum(cases)::int as cases, sum(sum::float8) as sum, sum(sum_squares::float8) as sum_squares
        from insight_answer_effects
        where ${scopeOf(query)} and ${rowsCovering(period)}
          and item_key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})
        group by item_key`,
  );
  return new Map(rows.map((row) => [row.key, effectOf({ cases: row.cases, sum: row.sum, sumSquares: row.sum_squares })]));
};

/**
 * A rep's page (docs/insights.md "A rep's page"): their figures against the team's, the objections
 * they face and the landmines they trigger per 100 of their calls beside the team's rate per 100 of
 * all calls, and the customer's sentiment change after their answers beside the team's.
 */
export const insightRepPage = async (db: Database, query: InsightsQuery, repParam: string, now = Date.now()): Promise<InsightRepPage> => {
  const rep = await repKeyOf(db, repParam);
  const own = { ...query, rep };
  const team = { ...query, rep: undefined };
  const [reps, items, answers, landmines, profiles] = await Promise.all([
    insightReps(db, own, now),
    insightItems(db, own, now),
    insightAnswers(db, own, now),
    insightLandmines(db, own, now),
    profilesOf(db, [rep]),
  ]);
  const { period } = reps;
  const objections = items.items.filter((item) => item.kind === 'objection' && item.detections > 0).slice(0, INSIGHT_REP_OBJECTIONS_MAX);
  const hit = landmines.landmines.filter((landmine) => landmine.hits > 0);
  const answered = answers.objections.filter((objection) => objection.overall.cases > 0);
  const [teamCalls, itemCounts, landmineCounts, effects] = await Promise.all([
    callsOf(db, team, period),
    teamCounts(
      db,
      'item',
      objections.map((item) => item.key),
      team,
      period,
    ),
    teamCounts(
      db,
      'landmine',
      hit.map((landmine) => landmine.key),
      team,
      period,
    ),
    teamEffects(
      db,
      answered.map((objection) => objection.key),
      team,
      period,
    ),
  ]);
  const teamRate = (counts: Map<string, number>, key: string) => ratePer100(counts.get(key) ?? 0, teamCalls.calls);
  const profile = profiles.get(rep.toLowerCase());
  return {
    period,
    rep,
    name: profile?.name ?? null,
    userId: profile?.id ?? null,
    figures: reps.reps[0] ?? null,
    teamMedian: reps.teamMedian,
    targets: reps.targets,
    teamCalls: teamCalls.calls,
    objections: objections.map((item) => ({
      key: item.key,
      label: item.label,
      deleted: item.deleted,
      detections: item.detections,
      calls: item.calls,
      rate: item.rate,
      teamRate: teamRate(itemCounts, item.key),
    })),
    answers: answered.map((objection) => ({
      key: objection.key,
      label: objection.label,
      deleted: objection.deleted,
      rep: objection.overall,
      team: effects.get(objection.key) ?? effectOf({ cases: 0, sum: 0, sumSquares: 0 }),
    })),
    landmines: hit.map((landmine) => ({
      key: landmine.key,
      label: landmine.label,
      deleted: landmine.deleted,
      hits: landmine.hits,
      calls: landmine.calls,
      rate: landmine.rate,
      teamRate: teamRate(landmineCounts, landmine.key),
    })),
  };
};
