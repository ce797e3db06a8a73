import { sql } from 'drizzle-orm';
import { EnvError, loadEnv } from '../../server/env';
import { startBackgroundJobs } from '../../server/jobs';
import { generateSessions, insertSessionBatch, type GeneratedSession } from '../../server/seed/sessions';
import { ABANDON_ACTOR, ABANDON_LOCK_KEY, abandonSilentCalls } from '../../server/services/abandonedCalls';
import { CALL_END_MESSAGES } from '../../src/contract/callEnd';
import { VERSION_CONFLICT_MESSAGES } from '../../src/contract/common';
import { DB_KINDS, testApp, type TestApp } from '../support/apiApp';

/**
 * Calls that never finished (services/abandonedCalls.ts): a call silent longer than the setting
 * (CALLS_ABANDON_AFTER_MINUTES until an admin saves one) turns failed, reason abandoned, one
 * audit row per call, counted by the insights as a failed call; one server at a time; an
 * admin's Mark as failed with its 409s.
 */

const DAY_MS = 86_400_000;
const now = Date.now();
const template = [...generateSessions(0, 10, { seed: 5, now: now - DAY_MS })].find(
  (session) => session.detail && session.status === 'completed',
)!;

let serial = 0;
const inProgress = (): GeneratedSession => {
  serial += 1;
  return {
    ...template,
    id: `00000000-0000-4000-b000-${String(serial).padStart(12, '0')}`,
    sessionId: `silent-${serial}`,
    userEmail: 'sam@silent.test',
    startTime: now - 3 * 3_600_000,
    status: 'in_progress',
  };
};

describe('CALLS_ABANDON_AFTER_MINUTES', () => {
  it('is 30 minutes unset or empty, else a whole number of minutes from 1 to 1440', () => {
    expect(loadEnv({}).CALLS_ABANDON_AFTER_MINUTES).toBe(30);
    expect(loadEnv({ CALLS_ABANDON_AFTER_MINUTES: '' }).CALLS_ABANDON_AFTER_MINUTES).toBe(30);
    expect(loadEnv({ CALLS_ABANDON_AFTER_MINUTES: '1' }).CALLS_ABANDON_AFTER_MINUTES).toBe(1);
    expect(loadEnv({ CALLS_ABANDON_AFTER_MINUTES: '1440' }).CALLS_ABANDON_AFTER_MINUTES).toBe(1440);
    for (const value of ['0', '1441', '-5', '2.5', '30m'])
      expect(() => loadEnv({ CALLS_ABANDON_AFTER_MINUTES: value }), value).toThrow(
        /CALLS_ABANDON_AFTER_MINUTES: must be a whole number of minutes from 1 to 1440/,
      );
    expect(() => loadEnv({ CALLS_ABANDON_AFTER_MINUTES: 'x' })).toThrow(EnvError);
  });
});

describe.each(DB_KINDS)('calls that never finished (%s)', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let adminUid: string;
  beforeAll(async () => {
    t = await testApp(kind, { abandonAfterMinutes: 45 });
    const admin = await t.createAdmin();
    headers = admin.headers;
    adminUid = admin.uid;
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const insert = async (...calls: GeneratedSession[]) => t.db.transaction((tx) => insertSessionBatch(tx, calls));
  const silentFor = (call: GeneratedSession, minutes: number) =>
    t.db.execute(sql`update sessions set last_event_at = now() - ${minutes} * interval '1 minute' where session_id = ${call.sessionId}`);
  const detail = async (call: GeneratedSession) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/sessions/${call.sessionId}`, headers })).json().data;
  const audits = (sessionId: string) =>
    rows<{ actor_uid: string; action: string; target_type: string; changes: Record<string, { from: unknown; to: unknown }> }>(
      sql`select actor_uid, action, target_type, changes from audit_log where target_id = ${sessionId} order by id`,
    );
  const failedCalls = async () => {
    const day = new Date().toISOString().slice(0, 10);
    const from = new Date(now - 5 * DAY_MS).toISOString().slice(0, 10);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/insights/items?from=${from}&to=${day}&status=failed`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.period.calls as number;
  };
  const settings = () => t.app.inject({ method: 'GET', url: '/api/admin/call-settings', headers });
  const saveSettings = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/call-settings', headers, payload });

  it('reads the server default until an admin saves another, audited, with versions', async () => {
    expect((await settings()).json()).toEqual({ success: true, data: { abandonAfterMinutes: 45, version: 0, defaultMinutes: 45 } });
    const saved = await saveSettings({ abandonAfterMinutes: 20, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ abandonAfterMinutes: 20, version: 1, defaultMinutes: 45 });
    const stale = await saveSettings({ abandonAfterMinutes: 25, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'VERSION_CONFLICT', message: VERSION_CONFLICT_MESSAGES.callSettings });
    for (const abandonAfterMinutes of [0, 1441, 2.5]) expect((await saveSettings({ abandonAfterMinutes })).statusCode).toBe(400);
    const [audit] = await rows<{ actor_uid: string; changes: object }>(
      sql`select actor_uid, changes from audit_log where action = 'callSettings.update'`,
    );
    expect(audit).toEqual({ actor_uid: adminUid, changes: { abandonAfterMinutes: { from: 45, to: 20 } } });
    expect((await settings()).json().data).toEqual({ abandonAfterMinutes: 20, version: 1, defaultMinutes: 45 });
  });

  it('turns a call silent past the setting failed, reason abandoned, audited and counted as failed; a quieter one stays', async () => {
    const silent = inProgress();
    const recent = inProgress();
    await insert(silent, recent);
    await silentFor(silent, 21);
    await silentFor(recent, 19);
    const before = await failedCalls();

    const jobs = await startBackgroundJobs({ db: t.db, log: t.app.log, autoStart: false });
    try {
      expect(jobs.jobs.map((job) => job.name)).toContain('abandonedCalls');
      expect(await jobs.runOnce('abandonedCalls')).toEqual([silent.sessionId]);
    } finally {
      await jobs.stop();
    }

    const abandoned = await detail(silent);
    expect(abandoned).toMatchObject({ status: 'failed', failureReason: 'abandoned', duration: silent.duration });
    expect(Date.now() - Date.parse(abandoned.lastEventAt)).toBeGreaterThanOrEqual(21 * 60_000);
    expect(await detail(recent)).toMatchObject({ status: 'in_progress', failureReason: null });
    const [audit, ...more] = await audits(silent.sessionId);
    expect(more).toEqual([]);
    expect(audit).toEqual({
      actor_uid: ABANDON_ACTOR.uid,
      action: 'session.abandon',
      target_type: 'session',
      changes: {
        status: { from: 'in_progress', to: 'failed' },
        failureReason: { from: null, to: 'abandoned' },
        lastEventAt: { from: null, to: abandoned.lastEventAt },
        abandonAfterMinutes: { from: null, to: 20 },
      },
    });
    expect(await failedCalls()).toBe(before + 1);
    // Nothing left to abandon: a second pass changes nothing.
    expect(await abandonSilentCalls(t.db, 45)).toEqual([]);
  });

  it('lets an admin mark an in-progress call failed, audited and counted; refuses a finished one and one with newer events', async () => {
    const call = inProgress();
    const moved = inProgress();
    await insert(call, moved);
    const before = await failedCalls();
    const seen = (await detail(call)).lastEventAt as string;
    const fail = (target: GeneratedSession, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/sessions/${target.sessionId}/fail`, headers, payload });

    const marked = await fail(call, { lastEventAt: seen });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ sessionId: call.sessionId, status: 'failed', failureReason: 'admin', lastEventAt: seen });
    expect(await detail(call)).toMatchObject({ status: 'failed', failureReason: 'admin' });
    expect(await audits(call.sessionId)).toEqual([
      {
        actor_uid: adminUid,
        action: 'session.markFailed',
        target_type: 'session',
        changes: {
          status: { from: 'in_progress', to: 'failed' },
          failureReason: { from: null, to: 'admin' },
          lastEventAt: { from: null, to: seen },
        },
      },
    ]);
    expect(await failedCalls()).toBe(before + 1);

    const again = await fail(call, { lastEventAt: seen });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'CONFLICT', message: CALL_END_MESSAGES.notInProgress });

    const staleView = (await detail(moved)).lastEventAt as string;
    await t.db.execute(sql`update sessions set last_event_at = last_event_at + interval '2 seconds' where session_id = ${moved.sessionId}`);
    const stale = await fail(moved, { lastEventAt: staleView });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'VERSION_CONFLICT', message: CALL_END_MESSAGES.newEvents });
    expect(await detail(moved)).toMatchObject({ status: 'in_progress' });
    expect(await audits(moved.sessionId)).toEqual([]);

    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/sessions/no-such-call/fail', headers, payload: {} });
    expect(missing.statusCode).toBe(404);
  });
});

// PGlite is one process on one connection: only PostgreSQL has other servers to keep out.
describe('calls that never finished on a shared PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('postgres');
  });
  afterAll(() => t?.close());
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const insert = async (...calls: GeneratedSession[]) => t.db.transaction((tx) => insertSessionBatch(tx, calls));
  const silentFor = (call: GeneratedSession, minutes: number) =>
    t.db.execute(sql`update sessions set last_event_at = now() - ${minutes} * interval '1 minute' where session_id = ${call.sessionId}`);

  it('runs on one server at a time: a pass finds the lock held and leaves the calls', async () => {
    const silent = inProgress();
    await insert(silent);
    await silentFor(silent, 120);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ABANDON_LOCK_KEY}::bigint)`);
      locked();
      await held;
    });
    await lockTaken;
    expect(await abandonSilentCalls(t.db, 45)).toBeNull();
    expect((await rows<{ status: string }>(sql`select status from sessions where session_id = ${silent.sessionId}`))[0].status).toBe(
      'in_progress',
    );
    release();
    await other;
    expect(await abandonSilentCalls(t.db, 45)).toEqual([silent.sessionId]);
  });
});
