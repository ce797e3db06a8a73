import type { Database } from '../../server/db/client';
import { compactFiles, compactionsSettled, logCompactions, registerCompaction } from '../../server/db/compaction';

/** The erasures' compaction scheduler (server/db/compaction.ts) over steps that record what they are asked. */
const compactorWith = () => {
  const db = {} as Database;
  const steps: string[] = [];
  const lines: Record<string, unknown>[] = [];
  registerCompaction(db, {
    table: async (name) => void steps.push(`table ${name}`),
    checkpoint: async () => void steps.push('checkpoint'),
  });
  logCompactions(db, { info: (fields) => void lines.push(fields as Record<string, unknown>), error: () => {} });
  return { db, steps, lines };
};

describe('the erasures’ compaction', () => {
  it('shares one compaction between erasures arriving together: each table once, in a turn of its own, then one checkpoint and one log line', async () => {
    const { db, steps, lines } = compactorWith();
    const runs = [
      compactFiles(db, ['sessions', 'session_transcripts']),
      compactFiles(db, ['sessions']),
      compactFiles(db, ['insight_labels']),
    ];
    expect(steps).toEqual([]);
    const reports = await Promise.all(runs);
    expect(new Set(reports).size).toBe(1);
    expect(steps).toEqual(['table insight_labels', 'table session_transcripts', 'table sessions', 'checkpoint']);
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'sessions.compacted',
        erasures: 3,
        tables: { insight_labels: expect.any(Number), session_transcripts: expect.any(Number), sessions: expect.any(Number) },
        checkpointMs: expect.any(Number),
      }),
    ]);
  });

  it('runs an erasure arriving during a compaction in the next one, which a backup waits for too', async () => {
    const { db, steps, lines } = compactorWith();
    const first = compactFiles(db, ['sessions']);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const second = compactFiles(db, ['session_transcripts']);
    await first;
    await compactionsSettled(db);
    await second;
    expect(steps).toEqual(['table sessions', 'checkpoint', 'table session_transcripts', 'checkpoint']);
    expect(lines.map((line) => line.erasures)).toEqual([1, 1]);
  });

  it('does nothing for a database it was not registered for (PostgreSQL, memory)', async () => {
    expect(await compactFiles({} as Database, ['sessions'])).toBeNull();
  });
});
