import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { transcriptSearchQuerySchema } from '../../src/contract/transcriptSearch';
import { openDatabase } from '../../server/db/client';
import { seedSessions } from '../../server/seed/sessions';
import { searchTranscripts } from '../../server/services/transcriptSearch';
import { startPostgres, type ThrowawayPostgres } from '../postgres';
import { percentile } from './support';

/** Two-word searches an admin would type, from rare to common in the demo calls. */
export const SEARCHES = [
  'HubSpot migration',
  'Salesforce integration',
  'security review',
  'pricing discount',
  'contract renewal',
  'onboarding team',
];
const GOAL_MS = 200;

const report = (label: string, times: number[], totals: string, log: (line: string) => void) => {
  times.sort((a, b) => a - b);
  log(
    `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   ` +
      `(goal p95 <= ${GOAL_MS} ms; ${times.length} requests over ${SEARCHES.length} two-word searches, matches: ${totals})`,
  );
};

/**
 * The search of what was said (GET /api/admin/transcript-search) over HTTP: each of SEARCHES in
 * turn, first page of 25 with its total, every answer read from the database. Prints p50 and p95.
 */
export const benchTranscriptSearch = async ({
  url,
  headers,
  requests = 120,
  label = 'search what was said, 2 words',
  log = console.log,
}: {
  url: string;
  headers: Record<string, string>;
  requests?: number;
  label?: string;
  log?: (line: string) => void;
}) => {
  const times: number[] = [];
  const totals = new Map<string, string>();
  for (let i = 0; i < requests + SEARCHES.length; i += 1) {
    const q = SEARCHES[i % SEARCHES.length];
    const query = new URLSearchParams({ filter: JSON.stringify({ q }), range: '[0,24]' });
    const t0 = performance.now();
    const response = await fetch(`${url}/api/admin/transcript-search?${query}`, { headers: { ...headers, 'cache-control': 'no-cache' } });
    await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`transcript search "${q}": ${response.status}`);
    if (i < SEARCHES.length) totals.set(q, response.headers.get('content-range')?.split('/')[1] ?? '?');
    else times.push(ms);
  }
  report(label, times, [...totals].map(([q, n]) => `"${q}" ${n}`).join(', '), log);
};

/**
 * `tsx scripts/bench/transcriptSearch.ts [--postgres]`: this figure alone, the search service
 * called in-process on a fresh database of BENCH_DETAIL (default 10 000) detailed calls.
 */
const alone = async () => {
  const { values } = parseArgs({ options: { postgres: { type: 'boolean', default: false } } });
  const detail = Number(process.env.BENCH_DETAIL ?? 10_000);
  const folder = mkdtempSync(join(tmpdir(), 'salescoach-search-'));
  let postgres: ThrowawayPostgres | null = null;
  try {
    if (values.postgres) postgres = await startPostgres();
    const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: join(folder, 'db') });
    try {
      const t0 = Date.now();
      await seedSessions({ db: database.db, count: detail, seed: 42, withDetail: detail });
      await database.refreshStatistics();
      console.log(`Seeded ${detail} detailed calls in ${((Date.now() - t0) / 1000).toFixed(0)} s (${postgres ? 'PostgreSQL' : 'PGlite'})`);
      const times: number[] = [];
      const totals = new Map<string, number>();
      const requests = Number(process.env.BENCH_REQUESTS ?? 120);
      for (let i = 0; i < requests + SEARCHES.length; i += 1) {
        const q = SEARCHES[i % SEARCHES.length];
        const query = transcriptSearchQuerySchema.parse({ filter: JSON.stringify({ q }) });
        const started = performance.now();
        const { total } = await searchTranscripts(database.db, query);
        if (i < SEARCHES.length) totals.set(q, total);
        else times.push(performance.now() - started);
      }
      report(
        `search, ${postgres ? 'PostgreSQL' : 'PGlite'}, in-process`,
        times,
        [...totals].map(([q, n]) => `"${q}" ${n}`).join(', '),
        console.log,
      );
    } finally {
      await database.close();
    }
  } finally {
    await postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await alone();
