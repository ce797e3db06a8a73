import { sql, type SQL } from 'drizzle-orm';
import type { IngestEvent } from '../../src/contract/assistantSessions';
import { DETECTION_CATEGORIES } from '../../src/contract/sessions';

/* One call of `append_session_events` (migration 0007): atomic, one round trip per batch, and its plan reused. */
export type DetectionKind = 'objection' | 'faq' | 'new_inquiry';

export const detectionKind = (category: string): DetectionKind =>
  category === DETECTION_CATEGORIES.faq ? 'faq' : category === DETECTION_CATEGORIES.newInquiry ? 'new_inquiry' : 'objection';

type ColumnType = 'int' | 'bigint' | 'text' | 'real';
const array = (values: readonly unknown[], type: ColumnType) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

type Of<T extends IngestEvent['type']> = Extract<IngestEvent, { type: T }>;

export interface AppendOutcome {
  status: 'completed' | 'in_progress' | 'failed' | null;
  /** false: an event is older than the session start, and nothing was written. */
  inOrder: boolean;
  accepted: number;
}

/** Seqs unique within the batch; arguments in the function's order. */
export const appendEventsStatement = (sessionId: string, events: readonly IngestEvent[]): SQL => {
  const of = <T extends IngestEvent['type']>(type: T) => events.filter((event): event is Of<T> => event.type === type);
  const ms = (event: IngestEvent) => Date.parse(event.timestamp);
  const times = events.map(ms);
  const columns = <T extends IngestEvent>(list: readonly T[], own: readonly [(event: T) => unknown, ColumnType][]) => [
    array(
      list.map((event) => event.seq),
      'int',
    ),
    array(list.map(ms), 'bigint'),
    ...own.map(([pick, type]) => array(list.map(pick), type)),
  ];
  const args = [
    sql`${sessionId}`,
    sql`${Math.min(...times)}::bigint`,
    sql`${Math.max(...times)}::bigint`,
    array(
      events.map((event) => event.seq),
      'int',
    ),
    ...columns(of('transcript'), [
      [(e) => e.speaker, 'text'],
      [(e) => e.text, 'text'],
    ]),
    ...columns(of('detection'), [
      [(e) => detectionKind(e.category), 'text'],
      [(e) => e.category, 'text'],
      [(e) => e.relevance_score, 'real'],
      [(e) => e.question, 'text'],
      [(e) => e.answer ?? null, 'text'],
      [(e) => e.itemId ?? null, 'text'],
    ]),
    ...columns(of('sentiment'), [
      [(e) => e.speaker, 'text'],
      [(e) => e.dominant_emotion, 'text'],
      [(e) => e.confidence, 'real'],
      [(e) => e.transcript, 'text'],
    ]),
    ...columns(of('speech_alert'), [
      [(e) => e.words_per_minute, 'real'],
      [(e) => e.total_words, 'int'],
      [(e) => e.time_window, 'int'],
      [(e) => e.max_words, 'int'],
    ]),
    ...columns(of('landmine'), [
      [(e) => e.landmineId ?? null, 'text'],
      [(e) => e.trigger, 'text'],
      [(e) => e.speaker, 'text'],
    ]),
    ...columns(of('competitor'), [
      [(e) => e.battlecardId, 'text'],
      [(e) => e.name, 'text'],
      [(e) => e.speaker, 'text'],
    ]),
  ];
  return sql`select status, in_order, accepted from append_session_events(${sql.join(args, sql`, `)})`;
};

export const appendOutcome = (result: unknown): AppendOutcome => {
  const rows = (result as { rows: { status: AppendOutcome['status']; in_order: boolean; accepted: number | string }[] }).rows;
  const [row] = rows;
  if (!row) return { status: null, inOrder: true, accepted: 0 };
  return { status: row.status, inOrder: row.in_order, accepted: Number(row.accepted) };
};
