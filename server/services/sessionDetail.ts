import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { EMOTIONS, type Emotion, SESSION_MESSAGES, type SentimentSummary, type SessionDetail, SPEAKERS } from '../../src/contract/sessions';
import type { Database } from '../db/client';
import {
  landmines,
  sessionAnalyses,
  sessionLandmineHits,
  sessionDetections,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../db/schema';
import { notFoundError } from '../errors';
import { repairSession, summaryWithinContract, type RepairLog } from './contractRepair';
import { summaryColumns, toSummary } from './sessions';

// GET /api/admin/sessions/{sessionId} (spec 7): one session with its transcripts and analyses.
// The detail reads only the columns its answer carries, never the keys and order columns.

const notFound = () => notFoundError(SESSION_MESSAGES.notFound);

const emptyDistribution = () => Object.fromEntries(EMOTIONS.map((emotion) => [emotion, 0])) as Record<Emotion, number>;

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z), written by the database. */
const isoTimestamp = (column: SQL | SQL.Aliased | AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
    ? and(inArray(sessionSentimentEntries.speaker, [...SPEAKERS]), inArray(sessionSentimentEntries.dominantEmotion, [...EMOTIONS]))
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

/** The landmine hits with their guidance: the landmine of that id, else the first of that trigger (any case). */
const landmineArray = (id: string) =>
  jsonArray(
    sql`${isoTimestamp(sql`h.ts`)} as "timestamp", h.speaker as "speaker", h.trigger as "trigger", h.landmine_id as "landmineId",
      l.category as "category", l.priority as "priority", coalesce(l.can_say, '[]'::jsonb) as "canSay",
      coalesce(l.cannot_say, '[]'::jsonb) as "cannotSay"`,
    sql`${sessionLandmineHits} h left join lateral (select category, priority, can_say, cannot_say from ${landmines} x
      where x.id::text = h.landmine_id or lower(x.trigger) = lower(h.trigger)
      order by (x.id::text = h.landmine_id) desc nulls last, x.created_at limit 1) l on true
      where h.session_id = ${id}`,
  );

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
        { within: checked ? inArray(sessionTranscripts.speaker, [...SPEAKERS]) : undefined },
      ).mapWith(String),
      objections: detectionArray(id, 'objection').mapWith(String),
      faqs: detectionArray(id, 'faq').mapWith(String),
      inquiries: detectionArray(id, 'new_inquiry').mapWith(String),
      entries: entryArray(id, compact, checked).mapWith(String),
      landmines: landmineArray(id).mapWith(String),
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
      landmines: JSON.parse(stored.landmines),
      sentimentAnalysis: { sessionSummary, entries: JSON.parse(stored.entries) },
      speechRateAnalysis: { alerts: JSON.parse(stored.alerts), ...totals },
    };
    return JSON.stringify({ success: true, data: repairSession(session, log) });
  }
  // The same text as the repaired answer above would be: the summary's keys, then the detail's.
  const head = JSON.stringify(summary).slice(0, -1);
  return (
    `{"success":true,"data":${head},"transcripts":${detail.transcripts},"detectedObjections":${detail.objections},` +
    `"detectedFAQs":${detail.faqs},"newInquiries":${detail.inquiries},"landmines":${detail.landmines},` +
    `"sentimentAnalysis":{"sessionSummary":${JSON.stringify(sessionSummary)},"entries":${detail.entries}},` +
    `"speechRateAnalysis":{"alerts":${detail.alerts},${JSON.stringify(totals).slice(1)}}}`
  );
};
