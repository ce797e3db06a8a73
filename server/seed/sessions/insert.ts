import { sql, type SQL } from 'drizzle-orm';
import type { IngestEvent } from '../../../src/contract/assistantSessions';
import type { Database, Transaction } from '../../db/client';
import { callFromEvents } from '../../services/insights/call';
import { recordCalls } from '../../services/insights/record';
import { detectionKind } from '../../services/sessionEvents';
import { sessionEvents } from './events';
import { generateSessions } from './generator';
import type { GeneratedSession } from './types';

/* One statement per table and batch, each column one array parameter (unnest): a handful of round trips, never 65 535 parameters. */
type ColumnType = 'uuid' | 'text' | 'int' | 'real' | 'jsonb' | 'epoch_ms';
type Column = readonly [name: string, type: ColumnType, values: readonly unknown[]];

/** Keeps one statement's parameters to a few MB of text. */
const ROWS_PER_STATEMENT = 20_000;

const insertColumns = async (executor: Database | Transaction, table: string, columns: readonly Column[]): Promise<number> => {
  const length = columns[0][2].length;
  for (let from = 0; from < length; from += ROWS_PER_STATEMENT) {
    const arrays: SQL[] = [];
    const values: SQL[] = [];
    columns.forEach(([, type, all], i) => {
      const part = from === 0 && all.length <= ROWS_PER_STATEMENT ? all : all.slice(from, from + ROWS_PER_STATEMENT);
      const alias = sql.raw(`c${i}`);
      arrays.push(sql`${sql.param(part)}::${sql.raw(type === 'epoch_ms' ? 'bigint' : type)}[]`);
      values.push(type === 'epoch_ms' ? sql`timestamptz 'epoch' + ${alias} * interval '1 millisecond'` : alias);
    });
    const names = sql.raw(columns.map(([name]) => name).join(', '));
    const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
    await executor.execute(
      sql`insert into ${sql.identifier(table)} (${names}) select ${sql.join(values, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as r(${aliases})`,
    );
  }
  return length;
};

/** As the assistant's ingest stores them (services/sessionEvents.ts). */
const eventColumns = <T extends IngestEvent['type']>(sessions: readonly (readonly [string, IngestEvent[]])[], type: T) => {
  const ids: string[] = [];
  const rows: Extract<IngestEvent, { type: T }>[] = [];
  for (const [id, events] of sessions) {
    for (const event of events) {
      if (event.type !== type) continue;
      ids.push(id);
      rows.push(event as Extract<IngestEvent, { type: T }>);
    }
  }
  const field = <V>(pick: (row: Extract<IngestEvent, { type: T }>) => V) => rows.map(pick);
  return { ids, seqs: field((row) => row.seq), times: field((row) => Date.parse(row.timestamp)), field };
};

export interface InsertCounts {
  sessions: number;
  detailRows: number;
}

/** `storeDetail` false keeps a session's detail out of the detail tables while the insights still count it (the bench). */
export const insertSessionBatch = async (
  executor: Database | Transaction,
  batch: readonly GeneratedSession[],
  { storeDetail = () => true }: { storeDetail?: (session: GeneratedSession) => boolean } = {},
): Promise<InsertCounts> => {
  if (batch.length === 0) return { sessions: 0, detailRows: 0 };
  const col = <T>(pick: (session: GeneratedSession) => T) => batch.map(pick);
  await insertColumns(executor, 'sessions', [
    ['id', 'uuid', col((s) => s.id)],
    ['session_id', 'text', col((s) => s.sessionId)],
    ['session_name', 'text', col((s) => s.sessionName)],
    ['user_email', 'text', col((s) => s.userEmail)],
    ['room_name', 'text', col((s) => s.roomName)],
    ['start_time', 'epoch_ms', col((s) => s.startTime)],
    ['duration', 'int', col((s) => s.duration)],
    ['end_time', 'epoch_ms', col((s) => (s.detail && s.status !== 'in_progress' ? s.startTime + s.duration * 1_000 : null))],
    ['last_event_at', 'epoch_ms', col((s) => s.startTime + s.duration * 1_000)],
    ['status', 'text', col((s) => s.status)],
    ['total_transcripts', 'int', col((s) => s.statistics.totalTranscripts)],
    ['customer_transcripts', 'int', col((s) => s.statistics.customerTranscripts)],
    ['salesperson_transcripts', 'int', col((s) => s.statistics.salespersonTranscripts)],
    ['total_objections', 'int', col((s) => s.statistics.totalObjections)],
    ['total_faqs', 'int', col((s) => s.statistics.totalFAQs)],
    ['total_new_inquiries', 'int', col((s) => s.statistics.totalNewInquiries)],
    ['response_rate', 'real', col((s) => s.statistics.responseRate)],
  ]);

  const finished = batch.filter((session) => session.detail && session.status !== 'in_progress');
  const recordInsights = () =>
    recordCalls(
      executor,
      finished.map((session) =>
        callFromEvents(
          {
            id: session.id,
            rep: session.userEmail,
            status: session.status as 'completed' | 'failed',
            startMs: session.startTime,
            endMs: session.startTime + session.duration * 1_000,
          },
          sessionEvents(session),
        ),
      ),
    );
  const withDetail = batch.filter((session) => session.detail && storeDetail(session));
  if (withDetail.length === 0) {
    await recordInsights();
    return { sessions: batch.length, detailRows: 0 };
  }
  let detailRows = 0;

  const events = withDetail.map((session) => [session.id, sessionEvents(session)] as const);
  // Calls still in progress may get more events: their seqs are registered, so a resent one is a duplicate.
  const live = events.filter((_, index) => withDetail[index].status === 'in_progress');
  detailRows += await insertColumns(executor, 'session_event_seqs', [
    ['session_id', 'uuid', live.flatMap(([id, list]) => list.map(() => id))],
    ['seq', 'int', live.flatMap(([, list]) => list.map((event) => event.seq))],
  ]);

  const transcripts = eventColumns(events, 'transcript');
  detailRows += await insertColumns(executor, 'session_transcripts', [
    ['session_id', 'uuid', transcripts.ids],
    ['seq', 'int', transcripts.seqs],
    ['ts', 'epoch_ms', transcripts.times],
    ['speaker', 'text', transcripts.field((r) => r.speaker)],
    ['text', 'text', transcripts.field((r) => r.text)],
  ]);

  const sentiment = eventColumns(events, 'sentiment');
  detailRows += await insertColumns(executor, 'session_sentiment_entries', [
    ['session_id', 'uuid', sentiment.ids],
    ['seq', 'int', sentiment.seqs],
    ['ts', 'epoch_ms', sentiment.times],
    ['speaker', 'text', sentiment.field((r) => r.speaker)],
    ['dominant_emotion', 'text', sentiment.field((r) => r.dominant_emotion)],
    ['confidence', 'real', sentiment.field((r) => r.confidence)],
    ['transcript', 'text', sentiment.field((r) => r.transcript)],
  ]);

  const detections = eventColumns(events, 'detection');
  detailRows += await insertColumns(executor, 'session_detections', [
    ['session_id', 'uuid', detections.ids],
    ['seq', 'int', detections.seqs],
    ['kind', 'text', detections.field((r) => detectionKind(r.category))],
    ['ts', 'epoch_ms', detections.times],
    ['category', 'text', detections.field((r) => r.category)],
    ['relevance_score', 'real', detections.field((r) => r.relevance_score)],
    ['question', 'text', detections.field((r) => r.question)],
    ['answer', 'text', detections.field((r) => r.answer ?? null)],
    ['item_id', 'text', detections.field((r) => r.itemId ?? null)],
  ]);

  const hits = eventColumns(events, 'landmine');
  detailRows += await insertColumns(executor, 'session_landmine_hits', [
    ['session_id', 'uuid', hits.ids],
    ['seq', 'int', hits.seqs],
    ['ts', 'epoch_ms', hits.times],
    ['landmine_id', 'text', hits.field((r) => r.landmineId ?? null)],
    ['trigger', 'text', hits.field((r) => r.trigger)],
    ['speaker', 'text', hits.field((r) => r.speaker)],
  ]);

  const alerts = eventColumns(events, 'speech_alert');
  detailRows += await insertColumns(executor, 'session_speech_alerts', [
    ['session_id', 'uuid', alerts.ids],
    ['seq', 'int', alerts.seqs],
    ['ts', 'epoch_ms', alerts.times],
    ['words_per_minute', 'real', alerts.field((r) => r.words_per_minute)],
    ['total_words', 'int', alerts.field((r) => r.total_words)],
    ['time_window', 'int', alerts.field((r) => r.time_window)],
    ['max_words', 'int', alerts.field((r) => r.max_words)],
  ]);

  const summary = <T>(pick: (detail: NonNullable<GeneratedSession['detail']>) => T) => withDetail.map((s) => pick(s.detail!));
  detailRows += await insertColumns(executor, 'session_analyses', [
    ['session_id', 'uuid', withDetail.map((s) => s.id)],
    ['dominant_emotion', 'text', summary((d) => d.sentimentSummary.session_dominant_emotion)],
    ['session_confidence', 'real', summary((d) => d.sentimentSummary.session_confidence)],
    ['sentiment_total', 'int', summary((d) => d.sentimentSummary.total_transcripts)],
    ['average_confidence', 'real', summary((d) => d.sentimentSummary.average_confidence)],
    ['emotion_distribution', 'jsonb', summary((d) => JSON.stringify(d.sentimentSummary.emotion_distribution))],
    ['total_alerts', 'int', summary((d) => d.alerts.length)],
    ['average_words_per_minute', 'real', summary((d) => d.averageWordsPerMinute)],
  ]);
  await recordInsights();
  return { sessions: batch.length, detailRows };
};

export interface SeedSessionsOptions {
  db: Database;
  count: number;
  seed?: number;
  now?: number;
  from?: number;
  /** Default all; the rest are summary rows. */
  withDetail?: number;
  batchSize?: number;
  /** true: calls beyond `withDetail` count in the insights too (each detail generated, about 0.7 ms a call). */
  insightsForAll?: boolean;
  log?: (line: string) => void;
}

export const seedSessions = async (options: SeedSessionsOptions): Promise<InsertCounts & { ms: number }> => {
  const { db, count, log = () => {} } = options;
  const started = Date.now();
  const withDetail = options.withDetail ?? Infinity;
  const generated = generateSessions(options.from ?? 0, count, {
    seed: options.seed ?? 1,
    now: options.now ?? Date.now(),
    withDetail: options.insightsForAll ? Infinity : withDetail,
  });
  const stored = new Set<string>();
  let seen = 0;
  const totals: InsertCounts = { sessions: 0, detailRows: 0 };
  let batch: GeneratedSession[] = [];
  let lastLog = started;
  const flush = async () => {
    const counts = await db.transaction((tx) => insertSessionBatch(tx, batch, { storeDetail: (session) => stored.has(session.id) }));
    stored.clear();
    totals.sessions += counts.sessions;
    totals.detailRows += counts.detailRows;
    batch = [];
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      log(`  ${totals.sessions} / ${count} sessions...`);
    }
  };
  for (const session of generated) {
    batch.push(session);
    if (seen < withDetail) stored.add(session.id);
    seen += 1;
    const limit = options.batchSize ?? (stored.has(session.id) ? 200 : options.insightsForAll ? 1_000 : 5_000);
    if (batch.length >= limit) await flush();
  }
  if (batch.length > 0) await flush();
  const ms = Date.now() - started;
  const rows = totals.sessions + totals.detailRows;
  log(
    `Seeded ${totals.sessions} sessions (${totals.detailRows} detail rows) in ${(ms / 1000).toFixed(1)} s: ${Math.round(rows / Math.max(ms / 1000, 0.001))} rows/s`,
  );
  return { ...totals, ms };
};
