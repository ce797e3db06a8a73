import { sql, type SQL } from 'drizzle-orm';
import type { IngestEvent } from '../../src/contract/assistantSessions';
import { DETECTION_CATEGORIES } from '../../src/contract/sessions';

/**
 * How a batch of assistant events is stored (docs/api.md "Assistant API"): one SQL statement,
 * so it is atomic by itself (all or nothing) and costs one round trip whatever the batch holds.
 *
 * - `s` locks the session row: batches and the completion of one session take turns.
 * - `ok` is that row only while the session is in progress and no event is older than its
 *   start; otherwise nothing below writes, and the caller reads why from the answer.
 * - `fresh` registers the batch's seqs (`session_event_seqs`, primary key session + seq); a
 *   seq the session already has is skipped by `on conflict do nothing`: a duplicate.
 * - each detail table takes the rows whose seq is fresh (columns travel as arrays, times as
 *   epoch milliseconds), and `u` moves the session's counters and running duration.
 *   (Data-modifying WITH clauses always run to completion, referenced or not.)
 */

export type DetectionKind = 'objection' | 'faq' | 'new_inquiry';

export const detectionKind = (category: string): DetectionKind =>
  category === DETECTION_CATEGORIES.faq ? 'faq' : category === DETECTION_CATEGORIES.newInquiry ? 'new_inquiry' : 'objection';

const array = (values: readonly unknown[], type: 'int' | 'bigint' | 'text' | 'real') => sql`${sql.param(values)}::${sql.raw(type)}[]`;
const fromEpoch = (column: SQL) => sql`(timestamptz 'epoch' + ${column} * interval '1 millisecond')`;

type Of<T extends IngestEvent['type']> = Extract<IngestEvent, { type: T }>;

export interface AppendOutcome {
  /** null: no session with this id. */
  status: 'completed' | 'in_progress' | 'failed' | null;
  /** false: an event is older than the session start (nothing was written). */
  inOrder: boolean;
  accepted: number;
}

/** The statement storing `events` (seqs unique within the batch) for the session `sessionId`. */
export const appendEventsStatement = (sessionId: string, events: readonly IngestEvent[]): SQL => {
  const of = <T extends IngestEvent['type']>(type: T) => events.filter((event): event is Of<T> => event.type === type);
  const ms = (event: IngestEvent) => Date.parse(event.timestamp);
  const transcripts = of('transcript');
  const detections = of('detection');
  const sentiment = of('sentiment');
  const alerts = of('speech_alert');
  const times = events.map(ms);
  const minMs = Math.min(...times);
  const maxMs = Math.max(...times);
  const seqs = (list: readonly IngestEvent[]) =>
    array(
      list.map((event) => event.seq),
      'int',
    );
  const stamps = (list: readonly IngestEvent[]) => array(list.map(ms), 'bigint');
  return sql`
with s as (select id, status, start_time from sessions where session_id = ${sessionId} for update),
ok as (select id, start_time from s where status = 'in_progress' and start_time <= ${fromEpoch(sql`${minMs}::bigint`)}),
fresh as (
  insert into session_event_seqs (session_id, seq)
  select ok.id, x.seq from ok, unnest(${seqs(events)}) as x(seq)
  on conflict do nothing
  returning seq
),
t as (
  insert into session_transcripts (session_id, seq, ts, speaker, text)
  select ok.id, r.seq, ${fromEpoch(sql`r.ms`)}, r.speaker, r.body
  from ok, unnest(${seqs(transcripts)}, ${stamps(transcripts)}, ${array(
    transcripts.map((e) => e.speaker),
    'text',
  )}, ${array(
    transcripts.map((e) => e.text),
    'text',
  )}) as r(seq, ms, speaker, body)
  where r.seq in (select seq from fresh)
  returning speaker
),
d as (
  insert into session_detections (session_id, seq, kind, ts, category, relevance_score, question, answer)
  select ok.id, r.seq, r.kind, ${fromEpoch(sql`r.ms`)}, r.category, r.score, r.question, r.answer
  from ok, unnest(${seqs(detections)}, ${array(
    detections.map((e) => detectionKind(e.category)),
    'text',
  )}, ${stamps(detections)}, ${array(
    detections.map((e) => e.category),
    'text',
  )}, ${array(
    detections.map((e) => e.relevance_score),
    'real',
  )}, ${array(
    detections.map((e) => e.question),
    'text',
  )}, ${array(
    detections.map((e) => e.answer ?? null),
    'text',
  )}) as r(seq, kind, ms, category, score, question, answer)
  where r.seq in (select seq from fresh)
  returning kind
),
e as (
  insert into session_sentiment_entries (session_id, seq, ts, speaker, dominant_emotion, confidence, transcript)
  select ok.id, r.seq, ${fromEpoch(sql`r.ms`)}, r.speaker, r.emotion, r.confidence, r.body
  from ok, unnest(${seqs(sentiment)}, ${stamps(sentiment)}, ${array(
    sentiment.map((e) => e.speaker),
    'text',
  )}, ${array(
    sentiment.map((e) => e.dominant_emotion),
    'text',
  )}, ${array(
    sentiment.map((e) => e.confidence),
    'real',
  )}, ${array(
    sentiment.map((e) => e.transcript),
    'text',
  )}) as r(seq, ms, speaker, emotion, confidence, body)
  where r.seq in (select seq from fresh)
  returning 1
),
a as (
  insert into session_speech_alerts (session_id, seq, ts, words_per_minute, total_words, time_window, max_words)
  select ok.id, r.seq, ${fromEpoch(sql`r.ms`)}, r.wpm, r.words, r.window_s, r.max_words
  from ok, unnest(${seqs(alerts)}, ${stamps(alerts)}, ${array(
    alerts.map((e) => e.words_per_minute),
    'real',
  )}, ${array(
    alerts.map((e) => e.total_words),
    'int',
  )}, ${array(
    alerts.map((e) => e.time_window),
    'int',
  )}, ${array(
    alerts.map((e) => e.max_words),
    'int',
  )}) as r(seq, ms, wpm, words, window_s, max_words)
  where r.seq in (select seq from fresh)
  returning 1
),
u as (
  update sessions set
    total_transcripts = total_transcripts + (select count(*) from t),
    customer_transcripts = customer_transcripts + (select count(*) from t where speaker = 'customer'),
    salesperson_transcripts = salesperson_transcripts + (select count(*) from t where speaker = 'salesperson'),
    total_objections = total_objections + (select count(*) from d where kind = 'objection'),
    total_faqs = total_faqs + (select count(*) from d where kind = 'faq'),
    total_new_inquiries = total_new_inquiries + (select count(*) from d where kind = 'new_inquiry'),
    duration = greatest(duration, ceil(extract(epoch from ${fromEpoch(sql`${maxMs}::bigint`)} - ok.start_time))::int)
  from ok
  where sessions.id = ok.id and exists (select 1 from fresh)
  returning 1
)
select s.status, (s.start_time <= ${fromEpoch(sql`${minMs}::bigint`)}) as in_order, (select count(*) from fresh)::int as accepted from s`;
};

/** Reads the statement's one row (none when the session does not exist). */
export const appendOutcome = (result: unknown): AppendOutcome => {
  const rows = (result as { rows: { status: AppendOutcome['status']; in_order: boolean; accepted: number | string }[] }).rows;
  const [row] = rows;
  if (!row) return { status: null, inOrder: true, accepted: 0 };
  return { status: row.status, inOrder: row.in_order, accepted: Number(row.accepted) };
};
