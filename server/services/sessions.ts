import { and, type AnyColumn, eq, gte, ilike, inArray, lt, or, sql, type SQL, ne } from 'drizzle-orm';
import {
  EMOTIONS,
  SESSION_MESSAGES,
  SPEAKERS,
  type Emotion,
  type SentimentSummary,
  type SessionDetail,
  type SessionListQuery,
  type SessionListResponse,
  type SessionSummary,
} from '../../src/contract/sessions';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { listTotal } from '../db/rowCount';
import {
  insightInquiryPhrases,
  sessionAnalyses,
  sessionDetections,
  sessionLandmineHits,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../db/schema';
import { notFoundError } from '../errors';
import { repairSession, summaryWithinContract, type RepairLog } from './contractRepair';
import { storedStatistics } from './sessionComplete';

/**
 * Counting more matches than this stops: the list then reports this many (plus the page
 * being shown when it lies beyond). Only a search that matches a large share of 100 000+
 * sessions gets there, and nobody pages through 10 000 search hits (pick).
 */
export const SESSION_SEARCH_COUNT_CAP = 10_000;

/** The columns the list reads: summary and statistics only (never the detail tables). */
const summaryColumns = {
  id: sessions.id,
  sessionId: sessions.sessionId,
  sessionName: sessions.sessionName,
  userEmail: sessions.userEmail,
  roomName: sessions.roomName,
  startTime: sessions.startTime,
  duration: sessions.duration,
  status: sessions.status,
  totalTranscripts: sessions.totalTranscripts,
  customerTranscripts: sessions.customerTranscripts,
  salespersonTranscripts: sessions.salespersonTranscripts,
  totalObjections: sessions.totalObjections,
  totalFaqs: sessions.totalFaqs,
  totalNewInquiries: sessions.totalNewInquiries,
  responseRate: sessions.responseRate,
  configVersion: sessions.configVersion,
};
type SummaryRow = Pick<typeof sessions.$inferSelect, keyof typeof summaryColumns>;

const toSummary = (row: SummaryRow): SessionSummary => ({
  _id: row.id,
  sessionId: row.sessionId,
  sessionName: row.sessionName,
  userEmail: row.userEmail,
  startTime: row.startTime.toISOString(),
  duration: row.duration,
  status: row.status,
  metadata: { roomName: row.roomName },
  configVersion: row.configVersion,
  statistics: storedStatistics(row),
});

/** Newest first; spelled exactly like the indexes (DESC NULLS LAST) so PostgreSQL walks them. */
const newestFirst = [sql`${sessions.startTime} desc nulls last`, sql`${sessions.id} desc nulls last`];

/**
 * The search: a case-insensitive substring of the name, user email, room or session id.
 * `search_text` (lower-cased concatenation of the four, trigram GIN index) finds the
 * candidates; the per-field ILIKE keeps a match from spanning two fields.
 */
const searchCondition = (search: string): SQL => {
  const pattern = containsPattern(search);
  return and(
    sql`${sessions.searchText} like lower(${pattern})`,
    or(
      ilike(sessions.sessionName, pattern),
      ilike(sessions.userEmail, pattern),
      ilike(sessions.roomName, pattern),
      ilike(sessions.sessionId, pattern),
    ),
  )!;
};

/** The rep filter: the user's email, whole and in any case (the index on lower(user_email), start time). */
const repCondition = (rep: string): SQL => sql`lower(${sessions.userEmail}) = lower(${rep})`;

/**
 * Sessions with a detection (or landmine hit) under one of `keys`: a probe of the detail table's
 * (key, session_id) index per session, or the keys' index range joined to the sessions, whichever
 * the planner finds cheaper; never a read of the session's other detail rows.
 */
const withDetectionKey = (keys: readonly string[]): SQL =>
  sql`exists (select 1 from ${sessionDetections} where ${inArray(sessionDetections.itemKey, [...keys])} and ${sessionDetections.sessionId} = ${sessions.id})`;

const withLandmineKey = (key: string): SQL =>
  sql`exists (select 1 from ${sessionLandmineHits} where ${eq(sessionLandmineHits.landmineKey, key)} and ${sessionLandmineHits.sessionId} = ${sessions.id})`;

/** The detection keys of a new-inquiry group: `inquiry:<phrasing id>` for each phrasing in it (a phrasing not grouped yet is its own group). */
const inquiryKeys = async (db: Database, group: string): Promise<string[]> => {
  const phrasings = await db
    .select({ id: insightInquiryPhrases.id })
    .from(insightInquiryPhrases)
    .where(sql`coalesce(${insightInquiryPhrases.groupId}, ${insightInquiryPhrases.id}) = ${group}`);
  return phrasings.map(({ id }) => `inquiry:${id}`);
};

const DAY_MS = 86_400_000;
/** The start of a UTC day (YYYY-MM-DD), as a timestamp. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`));

/**
 * The conditions of the filters the insights link to (contract/sessions.ts); null when one of
 * them can match nothing (an inquiry group without phrasings).
 */
const insightConditions = async (db: Database, query: SessionListQuery): Promise<SQL[] | null> => {
  const conditions: SQL[] = [];
  if (query.rep) conditions.push(repCondition(query.rep));
  if (query.item) conditions.push(withDetectionKey([query.item]));
  if (query.landmine) conditions.push(withLandmineKey(query.landmine));
  if (query.inquiry) {
    const keys = await inquiryKeys(db, query.inquiry);
    if (keys.length === 0) return null;
    conditions.push(withDetectionKey(keys));
  }
  // A range of the start time, so the walk of the start-time index starts and stops at its ends.
  if (query.finished) conditions.push(ne(sessions.status, 'in_progress'));
  if (query.from) conditions.push(gte(sessions.startTime, dayStart(query.from)));
  if (query.to) conditions.push(lt(sessions.startTime, new Date(dayStart(query.to).getTime() + DAY_MS)));
  return conditions;
};

const hasInsightFilter = (query: SessionListQuery) =>
  [query.rep, query.item, query.landmine, query.inquiry, query.from, query.to, query.finished].some((value) => value !== undefined);

const notFound = () => notFoundError(SESSION_MESSAGES.notFound);

const emptyDistribution = () => Object.fromEntries(EMOTIONS.map((emotion) => [emotion, 0])) as Record<Emotion, number>;

// The sessions service (spec 7 /api/admin/sessions): read-only queries.

/**
 * One page of summaries. The page's ids come from an index-only walk of the sort index
 * (deferred join), so a deep OFFSET skips index entries, not table rows; the rows of the
 * page are then read by primary key. The total is exact, except for searches and insight
 * filters matching more than SESSION_SEARCH_COUNT_CAP sessions and the unfiltered list of a
 * large table, which reports the planner's estimate (db/rowCount.ts, docs/api.md).
 */
export const listSessions = async (db: Database, query: SessionListQuery): Promise<SessionListResponse> => {
  const offset = (query.page - 1) * query.limit;
  const insight = await insightConditions(db, query);
  if (insight === null) return { success: true, data: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0 } };
  const conditions: SQL[] = [...insight];
  if (query.status) conditions.push(eq(sessions.status, query.status));
  const search = query.search?.trim();
  if (search) conditions.push(searchCondition(search));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const pageIds = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(offset);
  const rows = await db
    .select(summaryColumns)
    .from(sessions)
    .where(inArray(sessions.id, pageIds))
    .orderBy(...newestFirst);

  let total: number;
  // Counting every match could read most of the table: past the cap, the count stops.
  if (search || hasInsightFilter(query)) {
    const capped = db.select({ one: sql`1` }).from(sessions).where(where).limit(SESSION_SEARCH_COUNT_CAP);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(capped.as('capped'));
    total = n < SESSION_SEARCH_COUNT_CAP ? n : Math.max(n, offset + rows.length);
  } else {
    total = await listTotal(db, sessions, where, { offset, limit: query.limit, rows: rows.length });
  }
  return {
    success: true,
    data: rows.map(toSummary),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
};

// The detail reads only the columns its response carries, never the keys and order columns.
/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z), written by the database. */
const isoTimestamp = (column: SQL.Aliased | AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of a detail table as one JSON array text in their order of arrival, each row the
 * object `fields` names (`<value> as "<key>"`, in the answer's order). row_to_json writes it as
 * JSON.stringify would (no spaces), so the text is sent as it comes. `strip` leaves out the
 * keys whose value is null. With `within`, a condition every row meets when its values are the
 * contract's (services/contractRepair.ts), the text is `false` (not an array) when a row does not.
 */
const jsonArray = (fields: SQL, from: SQL, { strip = false, within }: { strip?: boolean; within?: SQL } = {}) => {
  const object = sql`row_to_json((select x from (select ${fields}) x))`;
  const array = sql`'[' || coalesce(string_agg(j, ',' order by seq), '') || ']'`;
  return sql`(select ${within ? sql`case when bool_and(within) is false then 'false' else ${array} end` : array}
    from (select seq, ${strip ? sql`json_strip_nulls(${object})` : object}::text as j${within ? sql`, ${within} as within` : sql``} from ${from}) r)`;
};

const quoted = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const detectionArray = (id: string, kind: (typeof sessionDetections.kind.enumValues)[number]) =>
  jsonArray(
    sql`${isoTimestamp(sessionDetections.ts)} as "timestamp", ${sessionDetections.category} as "category",
      ${sessionDetections.relevanceScore} as "relevance_score", ${sessionDetections.question} as "question",
      ${sessionDetections.answer} as "answer"`,
    sql`${sessionDetections} where ${sessionDetections.sessionId} = ${id} and ${sessionDetections.kind} = ${kind}`,
  );

/**
 * The sentiment entries; with `compact`, an entry's transcript is left out (null, stripped) when
 * it is its utterance's text: the last transcript of its speaker at the same millisecond, as
 * contract/sessions.ts compactEntries reads it.
 */
const entryArray = (id: string, compact: boolean, checked: boolean) => {
  const fields = (transcript: SQL) =>
    sql`${isoTimestamp(sessionSentimentEntries.ts)} as "timestamp", ${sessionSentimentEntries.speaker} as "speaker",
      ${sessionSentimentEntries.dominantEmotion} as "dominant_emotion", ${sessionSentimentEntries.confidence} as "confidence",
      ${transcript} as "transcript"`;
  const entries = sql`${sessionSentimentEntries} where ${sessionSentimentEntries.sessionId} = ${id}`;
  const within = checked
    ? sql`${sessionSentimentEntries.speaker} in (${quoted(SPEAKERS)}) and ${sessionSentimentEntries.dominantEmotion} in (${quoted(EMOTIONS)})`
    : undefined;
  if (!compact) return jsonArray(fields(sql`${sessionSentimentEntries.transcript}`), entries, { within });
  // Each utterance once (the last of its speaker at that millisecond), joined by hash: never a
  // scan of the transcripts per entry.
  const said = sql`(select distinct on (ms, speaker) date_trunc('milliseconds', ts) as ms, speaker, text
    from ${sessionTranscripts} where session_id = ${id} order by ms, speaker, seq desc) said`;
  return jsonArray(
    fields(sql`nullif(${sessionSentimentEntries.transcript}, said.text)`),
    sql`${sessionSentimentEntries} left join ${said}
      on said.ms = date_trunc('milliseconds', ${sessionSentimentEntries.ts}) and said.speaker = ${sessionSentimentEntries.speaker}
      where ${sessionSentimentEntries.sessionId} = ${id}`,
    { strip: true, within },
  );
};

const analysisColumns = {
  dominantEmotion: sessionAnalyses.dominantEmotion,
  sessionConfidence: sessionAnalyses.sessionConfidence,
  sentimentTotal: sessionAnalyses.sentimentTotal,
  averageConfidence: sessionAnalyses.averageConfidence,
  emotionDistribution: sessionAnalyses.emotionDistribution,
  totalAlerts: sessionAnalyses.totalAlerts,
  averageWordsPerMinute: sessionAnalyses.averageWordsPerMinute,
};

/**
 * A session's detail arrays as JSON texts. `checked`: the transcripts and entries are `false`
 * instead when one of their rows holds a value outside the contract.
 */
const detailTexts = async (db: Database, id: string, compact: boolean, checked: boolean) => {
  const [texts] = await db
    .select({
      transcripts: jsonArray(
        sql`${isoTimestamp(sessionTranscripts.ts)} as "timestamp", ${sessionTranscripts.speaker} as "speaker", ${sessionTranscripts.text} as "text"`,
        sql`${sessionTranscripts} where ${sessionTranscripts.sessionId} = ${id}`,
        { within: checked ? sql`${sessionTranscripts.speaker} in (${quoted(SPEAKERS)})` : undefined },
      ).mapWith(String),
      objections: detectionArray(id, 'objection').mapWith(String),
      faqs: detectionArray(id, 'faq').mapWith(String),
      inquiries: detectionArray(id, 'new_inquiry').mapWith(String),
      entries: entryArray(id, compact, checked).mapWith(String),
      alerts: jsonArray(
        sql`${isoTimestamp(sessionSpeechAlerts.ts)} as "timestamp", ${sessionSpeechAlerts.wordsPerMinute} as "words_per_minute",
            ${sessionSpeechAlerts.totalWords} as "total_words", ${sessionSpeechAlerts.timeWindow} as "time_window",
            ${sessionSpeechAlerts.maxWords} as "max_words"`,
        sql`${sessionSpeechAlerts} where ${sessionSpeechAlerts.sessionId} = ${id}`,
      ).mapWith(String),
    })
    .from(sql`(select 1) as detail`);
  return texts;
};

export interface SessionAnswerOptions {
  /** `entries=compact` (contract/sessions.ts): entries leave out a text that repeats their utterance's. */
  compact?: boolean;
  log?: RepairLog;
}

/**
 * GET /api/admin/sessions/{sessionId}'s answer (`{ success, data }`) as JSON text: one lookup by
 * session id, then one query whose detail tables come back as JSON array texts built by the
 * database in the answer's own shape. A long call is some 10 000 rows; its arrays are spliced
 * into the answer as they come, never parsed and written again. A session holding a value outside
 * the contract (a row written around the API) is parsed and repaired first
 * (services/contractRepair.ts).
 */
export const getSessionAnswer = async (
  db: Database,
  sessionId: string,
  { compact = false, log }: SessionAnswerOptions = {},
): Promise<string> => {
  const [row] = await db.select(summaryColumns).from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1);
  if (!row) throw notFound();
  const id = row.id;
  const [detail, [analysis]] = await Promise.all([
    detailTexts(db, id, compact, true),
    db.select(analysisColumns).from(sessionAnalyses).where(eq(sessionAnalyses.sessionId, id)).limit(1),
  ]);
  // A session recorded without analysis (in progress, or summary-only data) gets an empty summary.
  const sessionSummary: SentimentSummary = analysis
    ? {
        session_dominant_emotion: analysis.dominantEmotion,
        session_confidence: analysis.sessionConfidence,
        total_transcripts: analysis.sentimentTotal,
        average_confidence: analysis.averageConfidence,
        emotion_distribution: { ...emptyDistribution(), ...analysis.emotionDistribution },
      }
    : {
        session_dominant_emotion: 'neutral',
        session_confidence: 0,
        total_transcripts: 0,
        average_confidence: 0,
        emotion_distribution: emptyDistribution(),
      };
  const summary = toSummary(row);
  const totals = {
    totalAlerts: analysis?.totalAlerts ?? (JSON.parse(detail.alerts) as unknown[]).length,
    averageWordsPerMinute: analysis?.averageWordsPerMinute ?? 0,
  };
  const outside = detail.transcripts === 'false' || detail.entries === 'false';
  if (outside || !summaryWithinContract(sessionSummary)) {
    // Read again as stored, parsed and repaired; entries read compact stay so through the repair.
    const stored = outside ? await detailTexts(db, id, compact, false) : detail;
    const session: SessionDetail = {
      ...summary,
      transcripts: JSON.parse(stored.transcripts),
      detectedObjections: JSON.parse(stored.objections),
      detectedFAQs: JSON.parse(stored.faqs),
      newInquiries: JSON.parse(stored.inquiries),
      sentimentAnalysis: { sessionSummary, entries: JSON.parse(stored.entries) },
      speechRateAnalysis: { alerts: JSON.parse(stored.alerts), ...totals },
    };
    return JSON.stringify({ success: true, data: repairSession(session, log) });
  }
  // The same text as the repaired answer above would be: the summary's keys, then the detail's.
  const head = JSON.stringify(summary).slice(0, -1);
  return (
    `{"success":true,"data":${head},"transcripts":${detail.transcripts},"detectedObjections":${detail.objections},` +
    `"detectedFAQs":${detail.faqs},"newInquiries":${detail.inquiries},` +
    `"sentimentAnalysis":{"sessionSummary":${JSON.stringify(sessionSummary)},"entries":${detail.entries}},` +
    `"speechRateAnalysis":{"alerts":${detail.alerts},${JSON.stringify(totals).slice(1)}}}`
  );
};
