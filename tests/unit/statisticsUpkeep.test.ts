import { PgDialect } from 'drizzle-orm/pg-core';
import { appendEventsStatement } from '../../server/services/sessionEvents';
import { createStatisticsUpkeep } from '../../server/db/statistics';

// server/db/statistics.ts: when the upkeep refreshes the planner's statistics.
// The clock is injected and `check` is what its timer calls, so nothing here waits.
describe('the statistics upkeep', () => {
  const setUp = (options: { afterWrites?: number; afterMs?: number } = {}) => {
    let clock = 0;
    const runs: number[] = [];
    let failNext = false;
    const errors: unknown[] = [];
    const upkeep = createStatisticsUpkeep(
      async () => {
        if (failNext) {
          failNext = false;
          throw new Error('database closed');
        }
        runs.push(clock);
      },
      { afterWrites: 1_000, afterMs: 600_000, ...options, now: () => clock },
      (error) => errors.push(error),
    );
    return {
      upkeep,
      runs,
      errors,
      tick: (ms: number) => {
        clock += ms;
      },
      failNextRun: () => {
        failNext = true;
      },
    };
  };

  it('refreshes once a thousand write statements gathered, not before, and counts no reads', async () => {
    const { upkeep, runs } = setUp();
    for (let i = 0; i < 999; i += 1) upkeep.noteQuery('insert into "sessions" ("id") values ($1)');
    for (let i = 0; i < 5_000; i += 1) upkeep.noteQuery('select "id" from "sessions" where "status" = $1');
    upkeep.noteQuery('with x as (select 1) select * from x');
    await upkeep.check();
    expect(runs).toEqual([]);
    upkeep.noteQuery('  UPDATE "users" set "last_login" = $1');
    await upkeep.check();
    expect(runs).toHaveLength(1);
    expect(upkeep.pendingWrites).toBe(0);
    await upkeep.check();
    expect(runs).toHaveLength(1);
  });

  it('refreshes after ten minutes when any write happened, and never for a database left alone', async () => {
    const { upkeep, runs, tick } = setUp();
    tick(3_600_000);
    await upkeep.check();
    expect(runs).toEqual([]);
    upkeep.noteQuery('delete from "landmines" where "id" = $1');
    await upkeep.check();
    expect(runs).toEqual([3_600_000]);
    upkeep.noteQuery('insert into "audit_log" values ($1)');
    tick(599_999);
    await upkeep.check();
    expect(runs).toHaveLength(1);
    tick(1);
    await upkeep.check();
    expect(runs).toEqual([3_600_000, 4_200_000]);
  });

  it('runs one refresh at a time, and keeps the writes of a failed one for the next check', async () => {
    const { upkeep, runs, errors, failNextRun } = setUp({ afterWrites: 2 });
    upkeep.noteQuery('insert into t values (1)');
    upkeep.noteQuery('insert into t values (2)');
    failNextRun();
    await upkeep.check();
    expect(runs).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(upkeep.pendingWrites).toBe(2);
    const [first, second] = [upkeep.refresh(), upkeep.refresh()];
    expect(second).toBe(first);
    await first;
    expect(runs).toHaveLength(1);
  });

  it('counts a statement whose CTE writes (a batch of ingested events) as a write', async () => {
    const { upkeep, runs } = setUp({ afterWrites: 2 });
    upkeep.noteQuery('with batch as (select 1) insert into "session_event_seqs" select * from batch');
    upkeep.noteQuery('with x as (select 1) select * from x');
    await upkeep.check();
    expect(runs).toHaveLength(0);
    upkeep.noteQuery('WITH moved AS (UPDATE "sessions" SET "total_transcripts" = 1 RETURNING id) SELECT count(*) FROM moved');
    await upkeep.check();
    expect(runs).toHaveLength(1);
  });

  it('counts the call that stores a batch of ingested events as a write, and a read of the same table as none', async () => {
    const { upkeep, runs } = setUp({ afterWrites: 1 });
    upkeep.noteQuery('select status from sessions where session_id = $1');
    await upkeep.check();
    expect(runs).toHaveLength(0);
    const event = { seq: 1, type: 'transcript', timestamp: '2026-11-23T10:00:00.000Z', speaker: 'customer', text: 'Hello' } as const;
    upkeep.noteQuery(new PgDialect().sqlToQuery(appendEventsStatement('sess-1', [event])).sql);
    await upkeep.check();
    expect(runs).toHaveLength(1);
  });
});
