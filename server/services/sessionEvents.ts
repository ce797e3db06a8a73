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

const array = (values: readonly unknown[], type: ColumnType) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
const fromEpoch = (column: SQL) => sql`(timestamptz 'epoch' + ${column} * interval '1 millisecond')`;

type Of<T extends IngestEvent['type']> = Extract<IngestEvent, { type: T }>;

export interface AppendOutcome {
  /** null: no session with this id. */
  status: 'completed' | 'in_progress' | 'failed' | null;
  /** false: an event is older than the session start (nothing was written). */
  inOrder: boolean;
  accepted: number;
}

/** One detail table's insert of the batch's fresh rows: `columns` are [name, type, values, expression]. */
const detailInsert = (
  name: string,
  table: string,
  columns: readonly (readonly [string, ColumnType, unknown[], SQL?])[],
  returning: string,
) => {
  const aliases = sql.raw(columns.map(([column]) => `r_${column}`).join(', '));
  const arrays = sql.join(
    columns.map(([, type, values]) => array(values, type)),
    sql`, `,
  );
  const values = sql.join(
    columns.map(([column, , , expression]) => expression ?? sql.raw(`r.r_${column}`)),
    sql`, `,
  );
  return sql`${sql.raw(name)} as (
  insert into ${sql.raw(table)} (session_id, ${sql.raw(columns.map(([column]) => column).join(', '))})
  select ok.id, ${values} from ok, unnest(${arrays}) as r(${aliases})
  where r.r_seq in (select seq from fresh)
  returning ${sql.raw(returning)}
)`;
};

type ColumnType = 'int' | 'bigint' | 'text' | 'real';

/** The statement storing `events` (seqs unique within the batch) for the session `sessionId`. */
export const appendEventsStatement = (sessionId: string, events: readonly IngestEvent[]): SQL => {
  const of = <T extends IngestEvent['type']>(type: T) => events.filter((event): event is Of<T> => event.type === type);
  const ms = (event: IngestEvent) => Date.parse(event.timestamp);
  const times = events.map(ms);
  const minTs = fromEpoch(sql`${Math.min(...times)}::bigint`);
  const maxTs = fromEpoch(sql`${Math.max(...times)}::bigint`);
  const ts = sql.raw("timestamptz 'epoch' + r.r_ts * interval '1 millisecond'");
  const base = (list: readonly IngestEvent[]) =>
    [
      ['seq', 'int', list.map((event) => event.seq)],
      ['ts', 'bigint', list.map(ms), ts],
    ] as const;
  const transcripts = of('transcript');
  const detections = of('detection');
  const sentiment = of('sentiment');
  const alerts = of('speech_alert');
  // Only the tables this batch writes: a smaller statement plans faster.
  const inserts: SQL[] = [];
  if (transcripts.length > 0) {
    inserts.push(
      detailInsert(
        't',
        'session_transcripts',
        [...base(transcripts), ['speaker', 'text', transcripts.map((e) => e.speaker)], ['text', 'text', transcripts.map((e) => e.text)]],
        'speaker',
      ),
    );
  }
  if (detections.length > 0) {
    inserts.push(
      detailInsert(
        'd',
        'session_detections',
        [
          ...base(detections),
          ['kind', 'text', detections.map((e) => detectionKind(e.category))],
          ['category', 'text', detections.map((e) => e.category)],
          ['relevance_score', 'real', detections.map((e) => e.relevance_score)],
          ['question', 'text', detections.map((e) => e.question)],
          ['answer', 'text', detections.map((e) => e.answer ?? null)],
        ],
        'kind',
      ),
    );
  }
  if (sentiment.length > 0) {
    inserts.push(
      detailInsert(
        'e',
        'session_sentiment_entries',
        [
          ...base(sentiment),
          ['speaker', 'text', sentiment.map((e) => e.speaker)],
          ['dominant_emotion', 'text', sentiment.map((e) => e.dominant_emotion)],
          ['confidence', 'real', sentiment.map((e) => e.confidence)],
          ['transcript', 'text', sentiment.map((e) => e.transcript)],
        ],
        '1',
      ),
    );
  }
  if (alerts.length > 0) {
    inserts.push(
      detailInsert(
        'a',
        'session_speech_alerts',
        [
          ...base(alerts),
          ['words_per_minute', 'real', alerts.map((e) => e.words_per_minute)],
          ['total_words', 'int', alerts.map((e) => e.total_words)],
          ['time_window', 'int', alerts.map((e) => e.time_window)],
          ['max_words', 'int', alerts.map((e) => e.max_words)],
        ],
        '1',
      ),
    );
  }
  const counted = (cte: string, present: boolean, condition = '') =>
    present ? sql.raw(`(select count(*) from ${cte}${condition ? ` where ${condition}` : ''})`) : sql.raw('0');
  const hasT = transcripts.length > 0;
  const hasD = detections.length > 0;
  return sql`
with s as (select id, status, start_time from sessions where session_id = ${sessionId} for update),
ok as (select id, start_time from s where status = 'in_progress' and start_time <= ${minTs}),
fresh as (
  insert into session_event_seqs (session_id, seq)
  select ok.id, x.seq from ok, unnest(${array(
    events.map((event) => event.seq),
    'int',
  )}) as x(seq)
  on conflict do nothing
  returning seq
),
${sql.join(
  inserts,
  sql`,
`,
)},
u as (
  update sessions set
    total_transcripts = total_transcripts + ${counted('t', hasT)},
    customer_transcripts = customer_transcripts + ${counted('t', hasT, "speaker = 'customer'")},
    salesperson_transcripts = salesperson_transcripts + ${counted('t', hasT, "speaker = 'salesperson'")},
    total_objections = total_objections + ${counted('d', hasD, "kind = 'objection'")},
    total_faqs = total_faqs + ${counted('d', hasD, "kind = 'faq'")},
    total_new_inquiries = total_new_inquiries + ${counted('d', hasD, "kind = 'new_inquiry'")},
    duration = greatest(duration, ceil(extract(epoch from ${maxTs} - ok.start_time))::int)
  from ok
  where sessions.id = ok.id and exists (select 1 from fresh)
  returning 1
)
select s.status, (s.start_time <= ${minTs}) as in_order, (select count(*) from fresh)::int as accepted from s`;
};

/** Reads the statement's one row (none when the session does not exist). */
export const appendOutcome = (result: unknown): AppendOutcome => {
  const rows = (result as { rows: { status: AppendOutcome['status']; in_order: boolean; accepted: number | string }[] }).rows;
  const [row] = rows;
  if (!row) return { status: null, inOrder: true, accepted: 0 };
  return { status: row.status, inOrder: row.in_order, accepted: Number(row.accepted) };
};
