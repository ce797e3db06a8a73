import { sql, type SQL } from 'drizzle-orm';
import { SNIPPET_MARKS, type TranscriptMatch, type TranscriptSearchQuery } from '../../src/contract/transcriptSearch';
import type { Database } from '../db/client';

/**
 * The search of what was said (GET /api/admin/transcript-search): transcripts and detections'
 * questions whose words (`search_vector`, stemmed in English and French, GIN-indexed; migration
 * 0014) hold every word of the query in either language. The ingest's inserts fill the vector
 * and an erasure's cascade takes it away, so the search always covers what is stored.
 */

/** Counting more matches stops here; the total then says at least this many (pick, as the sessions list). */
export const TRANSCRIPT_SEARCH_COUNT_CAP = 1_000;

/** ts_headline's options: the sentence's words around the match, each match between the marks. */
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MARKS.start}, StopSel=${SNIPPET_MARKS.stop}, MaxWords=30, MinWords=12, MaxFragments=1`;

interface MatchRow {
  session_id: string;
  session_name: string;
  user_email: string;
  status: TranscriptMatch['status'];
  start_time: string;
  kind: TranscriptMatch['kind'];
  seq: number;
  ts: string;
  speaker: TranscriptMatch['speaker'];
  text: string;
  snippet: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const dayEdge = (value: string, end: boolean) =>
  value.length === 10 ? new Date(Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0)) : new Date(value);

/** Page and total of the matches, newest call first, each call's in the order they were said. */
export const searchTranscripts = async (
  db: Database,
  { range: [first, last], filter }: TranscriptSearchQuery,
  countCap: number = TRANSCRIPT_SEARCH_COUNT_CAP,
): Promise<{ records: TranscriptMatch[]; start: number; total: number }> => {
  const words = filter.q?.trim() ?? '';
  if (!words) return { records: [], start: first, total: 0 };
  const english = sql`plainto_tsquery('english', ${words})`;
  const french = sql`plainto_tsquery('french', ${words})`;
  const query = sql`(${english} || ${french})`;
  const sessionConditions: SQL[] = [];
  if (filter.startTime_gte) sessionConditions.push(sql`s.start_time >= ${dayEdge(filter.startTime_gte, false).toISOString()}::timestamptz`);
  if (filter.startTime_lte) sessionConditions.push(sql`s.start_time <= ${dayEdge(filter.startTime_lte, true).toISOString()}::timestamptz`);
  if (filter.rep) sessionConditions.push(sql`lower(s.user_email) = lower(${filter.rep})`);
  if (filter.status) sessionConditions.push(sql`s.status = ${filter.status}`);
  // `indexed`: every match by the GIN index; otherwise the matches of the session `s` by its rows (the walk below).
  const said = (indexed: boolean) => {
    const within = (alias: string) =>
      indexed ? sql.raw(`${alias}.search_vector @@ `) : sql.raw(`${alias}.session_id = s.id and coalesce(${alias}.search_vector @@ `);
    const close = indexed ? sql`` : sql`, false)`;
    const transcripts = sql`select t.session_id, 'transcript' as kind, t.seq, t.ts, t.speaker, t.text from session_transcripts t
      where ${within('t')}${query}${close}${filter.speaker ? sql` and t.speaker = ${filter.speaker}` : sql``}`;
    const detections = sql`select d.session_id, 'detection' as kind, d.seq, d.ts, null::text as speaker, d.question as text
      from session_detections d where ${within('d')}${query}${close}`;
    return filter.speaker ? transcripts : sql`${transcripts} union all ${detections}`;
  };
  const onSessions = sessionConditions.length ? sql` and ${sql.join(sessionConditions, sql` and `)}` : sql``;
  const indexed = sql`(${said(true)}) m join sessions s on s.id = m.session_id${onSessions}`;

  const counted = await db.execute(sql`select count(*)::int as n from (select 1 from ${indexed} limit ${countCap}) capped`);
  const n = Number(rowsOf<{ n: number }>(counted)[0].n);
  // Few matches: all of them, sorted. Many: the calls newest first, each read until the page is full.
  const matches = n < countCap ? indexed : sql`sessions s cross join lateral (${said(false)}) m where true${onSessions}`;
  const marks = SNIPPET_MARKS.start + SNIPPET_MARKS.stop;
  const page = await db.execute(sql`with page as (
      select s.session_id, s.session_name, s.user_email, s.status, s.start_time, s.id, m.kind, m.seq, m.ts, m.speaker, m.text
      from ${matches}
      order by s.start_time desc nulls last, s.id desc nulls last, m.ts, m.kind desc, m.seq
      limit ${last - first + 1} offset ${first})
    select session_id, session_name, user_email, status, start_time, kind, seq, ts, speaker, text,
      case when to_tsvector('english', text) @@ ${english}
        then ts_headline('english', translate(text, ${marks}, ''), ${english}, ${HEADLINE_OPTIONS})
        else ts_headline('french', translate(text, ${marks}, ''), ${french}, ${HEADLINE_OPTIONS}) end as snippet
    from page order by start_time desc, id desc, ts, kind desc, seq`);
  const rows = rowsOf<MatchRow>(page);
  const total = n < countCap ? n : Math.max(n, first + rows.length);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    start: first,
    total,
    records: rows.map((row) => ({
      id: `${row.session_id}:${row.kind}:${row.seq}`,
      sessionId: row.session_id,
      sessionName: row.session_name,
      userEmail: row.user_email,
      status: row.status,
      startTime: iso(row.start_time),
      kind: row.kind,
      timestamp: iso(row.ts),
      speaker: row.speaker,
      text: row.text,
      snippet: row.snippet,
    })),
  };
};
