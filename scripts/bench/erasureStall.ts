import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { type CompactionReport, compactionsSettled, logCompactions } from '../../server/db/compaction';
import { seedDictionary } from '../../server/seed/seedDictionary';
import { seedSessions } from '../../server/seed/sessions';
import { eraseSession } from '../../server/services/sessionErasure';

/**
 * What an erasure's compaction costs on PGlite (db/compaction.ts, docs/operations.md "Erasure and the files"):
 * on `sessions` calls seeded with their detail, one call is erased while a probe reads the database every 20 ms;
 * prints the erasure's answer time, the compaction's per-table rewrites, and the longest the probe waited (the
 * stall a request meets). Then five erasures sent together, which share one compaction. Asserts nothing.
 */
export const benchErasureStall = async ({ sessions = 3_000, log = console.log } = {}) => {
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-erasure-stall-'));
  const database = await openDatabase({ dataDir: join(folder, 'db'), statistics: false });
  try {
    await seedDictionary({ db: database.db });
    await seedSessions({ db: database.db, count: sessions, seed: 4242, withDetail: sessions, insightsForAll: true });
    const reports: CompactionReport[] = [];
    logCompactions(database.db, { info: (fields) => reports.push(fields as unknown as CompactionReport), error: () => {} });
    const { rows } = (await database.db.execute(
      sql`select session_id from sessions where status = 'completed' order by id limit 6`,
    )) as unknown as { rows: { session_id: string }[] };
    const actor = { uid: 'bench', email: 'bench@salescoach.test' };

    // PGlite runs in this thread: a rewrite holds the event loop too, so a wait counts from when the probe was due.
    const probe = () => {
      let running = true;
      let longest = 0;
      const loop = (async () => {
        while (running) {
          const due = performance.now() + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await database.db.execute(sql`select 1`);
          longest = Math.max(longest, performance.now() - due);
        }
      })();
      return async () => {
        running = false;
        await loop;
        return longest;
      };
    };
    const erase = async (ids: string[]) => {
      const stop = probe();
      const started = performance.now();
      await Promise.all(ids.map((id) => eraseSession(database.db, actor, id)));
      const answered = performance.now() - started;
      await compactionsSettled(database.db);
      return { answered, longest: await stop(), report: reports.at(-1) };
    };
    const describe = (report: CompactionReport | undefined) =>
      report
        ? `${report.erasures} erasure(s), ${(report.ms / 1000).toFixed(1)} s in all; the largest tables ${Object.entries(report.tables)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
            .join(
              ', ',
            )}; checkpoint ${(report.checkpointMs / 1000).toFixed(1)} s (in one turn a request would wait them all: ${((Object.values(report.tables).reduce((a, b) => a + b, 0) + report.checkpointMs) / 1000).toFixed(1)} s)`
        : 'no compaction reported';

    const one = await erase([rows[0].session_id]);
    const five = await erase(rows.slice(1, 6).map((row) => row.session_id));
    log(`\nErasure on PGlite, ${sessions} calls with their detail (the compaction after the answer):`);
    log(
      `  one call: answered in ${one.answered.toFixed(0)} ms; a request waited ${(one.longest / 1000).toFixed(1)} s at most; ${describe(one.report)}`,
    );
    log(
      `  five together: answered in ${five.answered.toFixed(0)} ms; a request waited ${(five.longest / 1000).toFixed(1)} s at most; ${describe(five.report)}`,
    );
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
};

// `tsx scripts/bench/erasureStall.ts`: these figures alone (BENCH_ERASURE_SESSIONS, default 3,000).
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchErasureStall({ sessions: Number(process.env.BENCH_ERASURE_SESSIONS ?? 3_000) });
}
