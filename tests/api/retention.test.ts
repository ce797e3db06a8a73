import { sql } from 'drizzle-orm';
import { EnvError, loadEnv } from '../../server/env';
import { startBackgroundJobs } from '../../server/jobs';
import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { ERASE_BATCH } from '../../server/services/sessionErasure';
import { eraseExpiredSessions, RETENTION_ACTOR, retentionCutoff, startSessionRetention } from '../../server/services/retention';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

/**
 * SESSIONS_RETENTION_DAYS (services/retention.ts): the variable's validation, the boundary (a
 * session that started exactly `days` days before the run is kept, one a millisecond earlier
 * erased), one audit row per run whatever its batches, none for a run that erases nothing, and
 * the job started among the background jobs (server/jobs.ts) with the variable set.
 */

const DAY_MS = 86_400_000;
const now = Date.parse('2026-03-05T12:00:00Z');
const days = 30;
const cutoff = now - days * DAY_MS;
const template = [...generateSessions(0, 5, { seed: 3, now })].find((session) => session.detail && session.status === 'completed')!;

let serial = 0;
const session = (startTime: number, overrides: Partial<GeneratedSession> = {}): GeneratedSession => {
  serial += 1;
  return {
    ...template,
    id: `00000000-0000-4000-a000-${String(serial).padStart(12, '0')}`,
    sessionId: `retention-${serial}`,
    userEmail: 'rita@retention.test',
    startTime,
    ...overrides,
  };
};

describe('SESSIONS_RETENTION_DAYS', () => {
  it('is unset (sessions kept for ever) when absent or empty, and a whole number of days otherwise', () => {
    expect(loadEnv({}).SESSIONS_RETENTION_DAYS).toBeUndefined();
    expect(loadEnv({ SESSIONS_RETENTION_DAYS: '' }).SESSIONS_RETENTION_DAYS).toBeUndefined();
    expect(loadEnv({ SESSIONS_RETENTION_DAYS: '1' }).SESSIONS_RETENTION_DAYS).toBe(1);
    expect(loadEnv({ SESSIONS_RETENTION_DAYS: '365' }).SESSIONS_RETENTION_DAYS).toBe(365);
  }, 300_000);

  it.each(['0', '-1', '1.5', 'abc', '30d', ' 30', '1e3', '1000000'])(
    'refuses %j at start, naming the variable and what it takes',
    (value) => {
      expect(() => loadEnv({ SESSIONS_RETENTION_DAYS: value })).toThrow(EnvError);
      expect(() => loadEnv({ SESSIONS_RETENTION_DAYS: value })).toThrow(
        /SESSIONS_RETENTION_DAYS: must be a whole number of days from 1 to 999999, or unset to keep call sessions for ever/,
      );
    },
  );
});

describe.each(DB_KINDS)('retention (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const stored = async () =>
    (await rows<{ session_id: string }>(sql`select session_id from sessions order by session_id`)).map((row) => row.session_id);
  const retentionAudits = () =>
    rows<{
      actor_uid: string;
      actor_email: string | null;
      action: string;
      target_type: string;
      changes: Record<string, { from: unknown; to: unknown }>;
    }>(sql`select actor_uid, actor_email, action, target_type, changes from audit_log where action = 'session.retention' order by id`);

  it('keeps a session that started exactly the retention before the run and erases one a millisecond older', async () => {
    expect(retentionCutoff(days, now).getTime()).toBe(cutoff);
    const inside = session(cutoff);
    const outside = session(cutoff - 1);
    const recent = session(now - DAY_MS);
    const stuck = session(cutoff - 40 * DAY_MS, { status: 'in_progress' });
    const failed = session(cutoff - 2 * DAY_MS, { status: 'failed' });
    // Calls of other questions and triggers, all past the retention.
    const older = [...generateSessions(0, 20, { seed: 4, now: cutoff - DAY_MS })].filter(
      (call) => call.detail && call.status !== 'in_progress',
    );
    await t.db.transaction((tx) => insertSessionBatch(tx, [inside, outside, recent, stuck, failed, ...older]));
    const labelCount = async () =>
      (await rows<{ labels: number }>(sql`select count(*)::int as labels from insight_labels where key like 'q:%' or key like 't:%'`))[0]
        .labels;
    const labelsBefore = await labelCount();

    expect(await eraseExpiredSessions(t.db, days, now)).toBe(3 + older.length);
    expect(await stored()).toEqual([inside.sessionId, recent.sessionId].sort());
    // The erased calls left the insights with them: only the kept calls' days remain.
    const repDays = await rows<{ day: string; calls: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(calls)::int as calls from insight_rep_days group by day order by day`,
    );
    expect(repDays).toEqual(
      [inside, recent]
        .map((kept) => ({ day: new Date(kept.startTime).toISOString().slice(0, 10), calls: 1 }))
        .sort((a, b) => (a.day < b.day ? -1 : 1)),
    );

    // Without a dictionary every key is made of what the calls reported: the erased calls' go with them.
    const orphanLabels = () =>
      rows(
        sql`select kind, key from insight_labels l
            where (l.kind = 'item' and not exists (select 1 from session_detections d where d.item_key = l.key))
               or (l.kind = 'landmine' and not exists (select 1 from session_landmine_hits h where h.landmine_key = l.key))`,
      );
    expect(await orphanLabels()).toEqual([]);
    const labelsAfter = await labelCount();
    expect(labelsAfter).toBeGreaterThan(0);
    expect(labelsAfter).toBeLessThan(labelsBefore);

    const audits = await retentionAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toEqual({
      actor_uid: RETENTION_ACTOR.uid,
      actor_email: null,
      action: 'session.retention',
      target_type: 'session',
      changes: {
        sessions: { from: 3 + older.length, to: 0 },
        startedBefore: { from: null, to: new Date(cutoff).toISOString() },
        retentionDays: { from: null, to: days },
      },
    });

    // A run with nothing past the retention erases nothing and writes no audit row.
    expect(await eraseExpiredSessions(t.db, days, now)).toBe(0);
    expect(await retentionAudits()).toHaveLength(1);
    // A millisecond later the kept session is past it.
    expect(await eraseExpiredSessions(t.db, days, now + 1)).toBe(1);
    expect(await stored()).toEqual([recent.sessionId]);
  }, 300_000);

  it('erases a long backlog in batches under one audit row for the run', async () => {
    const backlog = [...generateSessions(0, ERASE_BATCH + 37, { seed: 11, now: cutoff - DAY_MS, withDetail: 0 })];
    await t.db.transaction((tx) => insertSessionBatch(tx, backlog));
    const before = (await retentionAudits()).length;
    expect(await eraseExpiredSessions(t.db, days, now + 1)).toBe(backlog.length);
    const audits = await retentionAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)!.changes.sessions).toEqual({ from: backlog.length, to: 0 });
    expect(await stored()).toHaveLength(1);
  }, 300_000);

  it('logs one line per run, with what it erased, a run that erases nothing too', async () => {
    await t.db.transaction((tx) => insertSessionBatch(tx, [session(cutoff - DAY_MS)]));
    const lines: { payload: object; message: string }[] = [];
    const log = { info: (payload: object, message: string) => lines.push({ payload, message }), warn: () => undefined };
    const job = startSessionRetention({ db: t.db, days, now: () => now, log, autoStart: false });
    try {
      await job.runOnce();
      await job.runOnce();
    } finally {
      await job.stop();
    }
    const line = (erased: number) => ({
      payload: { event: 'sessions.retention', erased, days, startedBefore: new Date(cutoff).toISOString() },
      message: 'erased the sessions past the retention',
    });
    expect(lines).toEqual([line(1), line(0)]);
  }, 300_000);

  it('runs among the background jobs when SESSIONS_RETENTION_DAYS is set, and not otherwise', async () => {
    const without = await startBackgroundJobs({ db: t.db, log: t.app.log, sessionsRetentionDays: null });
    expect(without.jobs.map((job) => job.name)).toEqual(['abandonedCalls']);
    await without.stop();
    const jobs = await startBackgroundJobs({ db: t.db, log: t.app.log, sessionsRetentionDays: days });
    try {
      const old = session(Date.now() - (days + 1) * DAY_MS);
      const kept = session(Date.now() - (days - 1) * DAY_MS);
      await t.db.transaction((tx) => insertSessionBatch(tx, [old, kept]));
      expect(jobs.jobs.map((job) => job.name)).toEqual(['abandonedCalls', 'retention']);
      // The run the jobs started may have read the table before the insert: the one after it has not.
      await jobs.runOnce('retention');
      await jobs.runOnce('retention');
      const left = ((await t.db.execute(sql`select session_id from sessions`)) as unknown as { rows: { session_id: string }[] }).rows;
      expect(left.map((row) => row.session_id)).toContain(kept.sessionId);
      expect(left.map((row) => row.session_id)).not.toContain(old.sessionId);
    } finally {
      await jobs.stop();
    }
  }, 300_000);
});
