import { type SQL, sql } from 'drizzle-orm';
import { generateSessions, insertSessionBatch } from '../../server/seed/sessions';
import { flagsOf, teamFences } from '../../server/services/insights/repFlags';
import { VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { DEFAULT_TARGET_BANDS, type InsightReps } from '../../src/contract/insights';
import { TARGET_BAND_MESSAGES } from '../../src/contract/targetBands';
import { adminTestApp, rowsOf } from '../support/adminApp';
import { DB_KINDS } from '../support/apiApp';
import { bearer, signUp } from '../support/identity';

/**
 * GET/PUT /api/admin/target-bands (docs/insights.md "Target bands"): the defaults until an admin
 * saves others, validated, versioned, audited, and the bands the Insights rep flags use.
 */

const now = Date.now();
const calls = [...generateSessions(0, 60, { seed: 11, now })];
const BANDS = {
  talkRatio: { min: 0.2, max: 0.5 },
  alertsPerHour: { min: null, max: 2 },
  questionsPerCall: { min: 1, max: 8 },
  landminesPer10Calls: { min: null, max: null },
};

describe.each(DB_KINDS)('target bands (%s)', (kind) => {
  const admin = adminTestApp(kind, (t) => t.db.transaction((tx) => insertSessionBatch(tx, calls)));
  const rows = <T>(query: SQL) => rowsOf<T>(admin.t, query);
  const read = () => admin.t.app.inject({ method: 'GET', url: '/api/admin/target-bands', headers: admin.headers });
  const save = (payload: object, headers = admin.headers) =>
    admin.t.app.inject({ method: 'PUT', url: '/api/admin/target-bands', headers, payload });
  const reps = async () => {
    const response = await admin.t.app.inject({ method: 'GET', url: '/api/insights/reps?period=90d', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as InsightReps;
  };

  it('reads the defaults at version 0 until an admin saves others, then theirs, audited per end that moved', async () => {
    expect((await read()).json()).toEqual({
      success: true,
      data: { bands: DEFAULT_TARGET_BANDS, defaults: DEFAULT_TARGET_BANDS, version: 0 },
    });
    const saved = await save({ ...BANDS, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ bands: BANDS, defaults: DEFAULT_TARGET_BANDS, version: 1 });
    expect((await read()).json().data.bands).toEqual(BANDS);
    const [audit, ...more] = await rows<{ actor_uid: string; target_type: string; changes: object }>(
      sql`select actor_uid, target_type, changes from audit_log where action = 'targetBands.update'`,
    );
    expect(more).toHaveLength(0);
    expect(audit).toEqual({
      actor_uid: admin.adminUid,
      target_type: 'targetBands',
      changes: {
        talkRatioMin: { from: 0.35, to: 0.2 },
        talkRatioMax: { from: 0.65, to: 0.5 },
        alertsPerHourMax: { from: 6, to: 2 },
        questionsPerCallMin: { from: 3, to: 1 },
        questionsPerCallMax: { from: null, to: 8 },
        landminesPer10CallsMax: { from: 1, to: null },
      },
    });
    // The same bands again change nothing: no new version, no audit row
    expect((await save({ ...BANDS, version: 1 })).json().data.version).toBe(1);
    expect(await rows(sql`select id from audit_log where action = 'targetBands.update'`)).toHaveLength(1);
  });

  it('refuses a save from an older version with 409 and the version conflict message, changing nothing', async () => {
    const before = (await read()).json().data;
    const stale = await save({ ...DEFAULT_TARGET_BANDS, version: before.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'VERSION_CONFLICT', message: VERSION_CONFLICT_MESSAGES.targetBands });
    expect((await read()).json().data).toEqual(before);
  });

  it('refuses a minimum above its maximum, ends out of range, missing bands and unknown keys with 400', async () => {
    const before = (await read()).json().data;
    const inverted = await save({ ...BANDS, questionsPerCall: { min: 9, max: 8 } });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain(TARGET_BAND_MESSAGES.minAboveMax);
    for (const payload of [
      { ...BANDS, talkRatio: { min: 0.2, max: 1.5 } },
      { ...BANDS, talkRatio: { min: -0.1, max: 0.5 } },
      { ...BANDS, alertsPerHour: { min: null, max: 601 } },
      { ...BANDS, landminesPer10Calls: { min: null, max: '1' } },
      { ...BANDS, questionsPerCall: { min: 1 } },
      { talkRatio: BANDS.talkRatio },
      { ...BANDS, sentiment: { min: 0, max: 1 } },
    ])
      expect((await save(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await read()).json().data).toEqual(before);
  });

  it('is for admins only', async () => {
    const user = await signUp();
    expect((await admin.t.app.inject({ method: 'GET', url: '/api/admin/target-bands' })).statusCode).toBe(401);
    expect((await save(DEFAULT_TARGET_BANDS, bearer(user.idToken))).statusCode).toBe(403);
  });

  it("flags each rep's figures against the saved bands, and against the defaults once they are saved back", async () => {
    const current = (await read()).json().data;
    let data = await reps();
    expect(data.targets).toEqual(BANDS);
    const fences = teamFences(data.reps);
    for (const rep of data.reps) expect(rep.flags).toEqual(flagsOf(rep, fences, BANDS));
    const targetFlags = data.reps.flatMap((rep) => rep.flags.filter((flag) => flag.reason.endsWith('Target')));
    expect(targetFlags.length).toBeGreaterThan(0);
    // alerts above 2 an hour, by hand
    const overAlerts = data.reps.filter((rep) => rep.calls >= 5 && rep.alertsPerHour !== null && rep.alertsPerHour > 2);
    expect(data.reps.filter((rep) => rep.flags.some((flag) => flag.metric === 'alertsPerHour' && flag.reason === 'aboveTarget'))).toEqual(
      overAlerts,
    );

    expect((await save({ ...DEFAULT_TARGET_BANDS, version: current.version })).statusCode).toBe(200);
    data = await reps();
    expect(data.targets).toEqual(DEFAULT_TARGET_BANDS);
    for (const rep of data.reps) expect(rep.flags).toEqual(flagsOf(rep, teamFences(data.reps), DEFAULT_TARGET_BANDS));
  });
});
