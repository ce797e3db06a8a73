import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { generateSessions, type GeneratedSession } from './generator';

/**
 * Bulk insert of generated sessions: one statement per table and batch, each column sent as
 * one array parameter (`INSERT ... SELECT * FROM unnest($1::uuid[], ...)`), so a batch of
 * thousands of rows is a handful of round trips and never hits the 65 535-parameter limit.
 * Works the same on PGlite and node-postgres.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const p = (values: unknown[]) => sql.param(values);

export interface InsertCounts { sessions: number; detailRows: number }

/** Inserts `batch` (sessions and their detail) with `executor` (use a transaction). */
export const insertSessionBatch = async (executor: Database | Transaction, batch: readonly GeneratedSession[]): Promise<InsertCounts> => {
  if (batch.length === 0) return { sessions: 0, detailRows: 0 };
  const col = <T>(pick: (session: GeneratedSession) => T) => p(batch.map(pick));
  await executor.execute(sql`
    insert into sessions (id, session_id, session_name, user_email, room_name, start_time, duration, status,
      total_transcripts, customer_transcripts, salesperson_transcripts, total_objections, total_faqs, total_new_inquiries, response_rate)
    select * from unnest(
      ${col((s) => s.id)}::uuid[], ${col((s) => s.sessionId)}::text[], ${col((s) => s.sessionName)}::text[],
      ${col((s) => s.userEmail)}::text[], ${col((s) => s.roomName)}::text[], ${col((s) => iso(s.startTime))}::timestamptz[],
      ${col((s) => s.duration)}::int[], ${col((s) => s.status)}::text[],
      ${col((s) => s.statistics.totalTranscripts)}::int[], ${col((s) => s.statistics.customerTranscripts)}::int[],
      ${col((s) => s.statistics.salespersonTranscripts)}::int[], ${col((s) => s.statistics.totalObjections)}::int[],
      ${col((s) => s.statistics.totalFAQs)}::int[], ${col((s) => s.statistics.totalNewInquiries)}::int[],
      ${col((s) => s.statistics.responseRate)}::real[])`);

  const withDetail = batch.filter((session) => session.detail);
  if (withDetail.length === 0) return { sessions: batch.length, detailRows: 0 };
  const rows = <R>(pick: (session: GeneratedSession) => readonly R[]) =>
    withDetail.flatMap((session) => pick(session).map((row, seq) => ({ id: session.id, seq, row })));
  let detailRows = 0;

  const transcripts = rows((s) => s.detail!.transcripts);
  // Large texts: split so one statement stays well under a few MB.
  for (let from = 0; from < transcripts.length; from += 20_000) {
    const part = transcripts.slice(from, from + 20_000);
    await executor.execute(sql`
      insert into session_transcripts (session_id, seq, ts, speaker, text)
      select * from unnest(${p(part.map((r) => r.id))}::uuid[], ${p(part.map((r) => r.seq))}::int[],
        ${p(part.map((r) => iso(r.row.t)))}::timestamptz[], ${p(part.map((r) => r.row.speaker))}::text[], ${p(part.map((r) => r.row.text))}::text[])`);
  }
  detailRows += transcripts.length;

  const sentiment = rows((s) => s.detail!.sentiment);
  for (let from = 0; from < sentiment.length; from += 20_000) {
    const part = sentiment.slice(from, from + 20_000);
    await executor.execute(sql`
      insert into session_sentiment_entries (session_id, seq, ts, speaker, dominant_emotion, confidence, transcript)
      select * from unnest(${p(part.map((r) => r.id))}::uuid[], ${p(part.map((r) => r.seq))}::int[],
        ${p(part.map((r) => iso(r.row.t)))}::timestamptz[], ${p(part.map((r) => r.row.speaker))}::text[],
        ${p(part.map((r) => r.row.emotion))}::text[], ${p(part.map((r) => r.row.confidence))}::real[], ${p(part.map((r) => r.row.transcript))}::text[])`);
  }
  detailRows += sentiment.length;

  const detections = rows((s) => s.detail!.detections);
  if (detections.length > 0) {
    await executor.execute(sql`
      insert into session_detections (session_id, seq, kind, ts, category, relevance_score, question, answer)
      select * from unnest(${p(detections.map((r) => r.id))}::uuid[], ${p(detections.map((r) => r.seq))}::int[],
        ${p(detections.map((r) => r.row.kind))}::text[], ${p(detections.map((r) => iso(r.row.t)))}::timestamptz[],
        ${p(detections.map((r) => r.row.category))}::text[], ${p(detections.map((r) => r.row.relevanceScore))}::real[],
        ${p(detections.map((r) => r.row.question))}::text[], ${p(detections.map((r) => r.row.answer))}::text[])`);
  }
  detailRows += detections.length;

  const alerts = rows((s) => s.detail!.alerts);
  if (alerts.length > 0) {
    await executor.execute(sql`
      insert into session_speech_alerts (session_id, seq, ts, words_per_minute, total_words, time_window, max_words)
      select * from unnest(${p(alerts.map((r) => r.id))}::uuid[], ${p(alerts.map((r) => r.seq))}::int[],
        ${p(alerts.map((r) => iso(r.row.t)))}::timestamptz[], ${p(alerts.map((r) => r.row.wordsPerMinute))}::real[],
        ${p(alerts.map((r) => r.row.totalWords))}::int[], ${p(alerts.map((r) => r.row.timeWindow))}::int[], ${p(alerts.map((r) => r.row.maxWords))}::int[])`);
  }
  detailRows += alerts.length;

  const d = (s: GeneratedSession) => s.detail!;
  const summaryCol = <T>(pick: (session: GeneratedSession) => T) => p(withDetail.map(pick));
  await executor.execute(sql`
    insert into session_analyses (session_id, dominant_emotion, session_confidence, sentiment_total, average_confidence,
      emotion_distribution, total_alerts, average_words_per_minute)
    select * from unnest(${summaryCol((s) => s.id)}::uuid[], ${summaryCol((s) => d(s).sentimentSummary.session_dominant_emotion)}::text[],
      ${summaryCol((s) => d(s).sentimentSummary.session_confidence)}::real[], ${summaryCol((s) => d(s).sentimentSummary.total_transcripts)}::int[],
      ${summaryCol((s) => d(s).sentimentSummary.average_confidence)}::real[],
      ${summaryCol((s) => JSON.stringify(d(s).sentimentSummary.emotion_distribution))}::jsonb[],
      ${summaryCol((s) => d(s).alerts.length)}::int[], ${summaryCol((s) => d(s).averageWordsPerMinute)}::real[])`);
  detailRows += withDetail.length;
  return { sessions: batch.length, detailRows };
};

export interface SeedSessionsOptions {
  db: Database;
  count: number;
  seed?: number;
  /** Epoch ms the calls are placed before; default now. */
  now?: number;
  /** Index of the first generated session (another range of the same data set); default 0. */
  from?: number;
  /** How many of them carry transcripts and analyses (default all); the rest are summary rows. */
  withDetail?: number;
  /** Sessions per transaction (default 200 with detail, 5 000 summary-only). */
  batchSize?: number;
  log?: (line: string) => void;
}

/** Generates and inserts `count` sessions in batches, one transaction each; logs rows per second. */
export const seedSessions = async (options: SeedSessionsOptions): Promise<InsertCounts & { ms: number }> => {
  const { db, count, log = () => {} } = options;
  const started = Date.now();
  const generated = generateSessions(options.from ?? 0, count, {
    seed: options.seed ?? 1,
    now: options.now ?? Date.now(),
    withDetail: options.withDetail,
  });
  const totals: InsertCounts = { sessions: 0, detailRows: 0 };
  let batch: GeneratedSession[] = [];
  let lastLog = started;
  const flush = async () => {
    const counts = await db.transaction((tx) => insertSessionBatch(tx, batch));
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
    const limit = options.batchSize ?? (session.detail ? 200 : 5_000);
    if (batch.length >= limit) await flush();
  }
  if (batch.length > 0) await flush();
  const ms = Date.now() - started;
  const rows = totals.sessions + totals.detailRows;
  log(`Seeded ${totals.sessions} sessions (${totals.detailRows} detail rows) in ${(ms / 1000).toFixed(1)} s: ${Math.round(rows / Math.max(ms / 1000, 0.001))} rows/s`);
  return { ...totals, ms };
};
