import { sql } from 'drizzle-orm';
import { INSIGHT_REP_OBJECTIONS_MAX, type InsightRepPage } from '../../../src/contract/insightRep';
import type { InsightsQuery } from '../../../src/contract/insights';
import type { Database } from '../../db/client';
import { insightAnswers } from './answers';
import { insightItems, insightLandmines } from './query';
import { rowsOf } from './read';
import { insightReps, profilesOf } from './reps';

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

/**
 * A rep's page (docs/insights.md "A rep's page"): their figures against the team's, the objections
 * they face and the landmines they trigger per 100 of their calls beside the team's rate per 100 of
 * all calls, and the customer's sentiment change after their answers beside the team's.
 */
export const insightRepPage = async (db: Database, query: InsightsQuery, repParam: string, now = Date.now()): Promise<InsightRepPage> => {
  const rep = await repKeyOf(db, repParam);
  const own = { ...query, rep };
  const team = { ...query, rep: undefined };
  const [reps, items, teamItems, answers, teamAnswers, landmines, teamLandmines, profiles] = await Promise.all([
    insightReps(db, own, now),
    insightItems(db, own, now),
    insightItems(db, team, now),
    insightAnswers(db, own, now),
    insightAnswers(db, team, now),
    insightLandmines(db, own, now),
    insightLandmines(db, team, now),
    profilesOf(db, [rep]),
  ]);
  const teamItemRates = new Map(teamItems.items.map((item) => [item.key, item.rate]));
  const teamLandmineRates = new Map(teamLandmines.landmines.map((landmine) => [landmine.key, landmine.rate]));
  const teamEffects = new Map(teamAnswers.objections.map((objection) => [objection.key, objection.overall]));
  const profile = profiles.get(rep.toLowerCase());
  return {
    period: reps.period,
    rep,
    name: profile?.name ?? null,
    userId: profile?.id ?? null,
    figures: reps.reps[0] ?? null,
    teamMedian: reps.teamMedian,
    targets: reps.targets,
    teamCalls: teamItems.period.calls,
    objections: items.items
      .filter((item) => item.kind === 'objection' && item.detections > 0)
      .slice(0, INSIGHT_REP_OBJECTIONS_MAX)
      .map((item) => ({
        key: item.key,
        label: item.label,
        deleted: item.deleted,
        detections: item.detections,
        calls: item.calls,
        rate: item.rate,
        teamRate: teamItemRates.get(item.key) ?? null,
      })),
    answers: answers.objections
      .filter((objection) => objection.overall.cases > 0)
      .map((objection) => ({
        key: objection.key,
        label: objection.label,
        deleted: objection.deleted,
        rep: objection.overall,
        team: teamEffects.get(objection.key) ?? { cases: 0, mean: null, low: null, high: null },
      })),
    landmines: landmines.landmines
      .filter((landmine) => landmine.hits > 0)
      .map((landmine) => ({
        key: landmine.key,
        label: landmine.label,
        deleted: landmine.deleted,
        hits: landmine.hits,
        calls: landmine.calls,
        rate: landmine.rate,
        teamRate: teamLandmineRates.get(landmine.key) ?? null,
      })),
  };
};
