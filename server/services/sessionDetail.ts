import { type AnyColumn, and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type CompetitorMention,
  compactEntries,
  type Detection,
  EMOTIONS,
  type Emotion,
  type LandmineHit,
  SESSION_MESSAGES,
  type SentimentSummary,
} from '../../src/contract/sessions';
import type { Database } from '../db/client';
import {
  battlecards,
  dictionaryItems,
  landmines,
  sessionAnalyses,
  sessionCompetitorMentions,
  sessionDetections,
  sessionLandmineHits,
  sessions,
  sessionSentimentEntries,
  sessionSpeechAlerts,
  sessionTranscripts,
} from '../db/schema';
import { notFoundError } from '../errors';
import { type RepairLog, repairSession } from './contractRepair';
import { summaryColumns, toSummary } from './sessions';

// GET /api/admin/sessions/{sessionId} (spec 7): one session with its transcripts and analyses.
// The detail reads only the columns its answer carries, never the keys and order columns.

/** A timestamp as toISOString writes it, written by the database: a long call's thousands of Dates cost more than the text. */
const iso = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const emptyDistribution = () => Object.fromEntries(EMOTIONS.map((emotion) => [emotion, 0])) as Record<Emotion, number>;

const EMPTY_SUMMARY: SentimentSummary = {
  session_dominant_emotion: 'neutral',
  session_confidence: 0,
  total_transcripts: 0,
  average_confidence: 0,
  emotion_distribution: emptyDistribution(),
};

type Landmine = Pick<typeof landmines.$inferSelect, 'id' | 'trigger' | 'category' | 'priority' | 'canSay' | 'cannotSay'>;

/** The landmine hits with their guidance: the landmine of that id, else the first of that trigger (any case). */
const landmineHits = async (db: Database, id: string): Promise<LandmineHit[]> => {
  const hits = await db
    .select({
      ts: iso(sessionLandmineHits.ts),
      speaker: sessionLandmineHits.speaker,
      trigger: sessionLandmineHits.trigger,
      landmineId: sessionLandmineHits.landmineId,
    })
    .from(sessionLandmineHits)
    .where(eq(sessionLandmineHits.sessionId, id))
    .orderBy(asc(sessionLandmineHits.seq));
  if (hits.length === 0) return [];
  const ids = [...new Set(hits.flatMap((hit) => (hit.landmineId ? [hit.landmineId] : [])))];
  const triggers = [...new Set(hits.map((hit) => hit.trigger.toLowerCase()))];
  const found: Landmine[] = await db
    .select({
      id: landmines.id,
      trigger: landmines.trigger,
      category: landmines.category,
      priority: landmines.priority,
      canSay: landmines.canSay,
      cannotSay: landmines.cannotSay,
    })
    .from(landmines)
    .where(or(inArray(sql`${landmines.id}::text`, ids.length > 0 ? ids : ['']), inArray(sql`lower(${landmines.trigger})`, triggers)))
    .orderBy(asc(landmines.createdAt));
  const byId = new Map(found.map((landmine) => [landmine.id, landmine]));
  const byTrigger = new Map<string, Landmine>();
  for (const landmine of found) if (!byTrigger.has(landmine.trigger.toLowerCase())) byTrigger.set(landmine.trigger.toLowerCase(), landmine);
  return hits.map((hit) => {
    const landmine = (hit.landmineId ? byId.get(hit.landmineId) : undefined) ?? byTrigger.get(hit.trigger.toLowerCase());
    return {
      timestamp: hit.ts,
      speaker: hit.speaker,
      trigger: hit.trigger,
      landmineId: hit.landmineId,
      category: landmine?.category ?? null,
      priority: landmine?.priority ?? null,
      canSay: landmine?.canSay ?? [],
      cannotSay: landmine?.cannotSay ?? [],
    };
  });
};

/** The competitors named, with their battlecard's name as it stands now (null once it is deleted). */
const competitorMentions = (db: Database, id: string): Promise<CompetitorMention[]> =>
  db
    .select({
      timestamp: iso(sessionCompetitorMentions.ts),
      speaker: sessionCompetitorMentions.speaker,
      name: sessionCompetitorMentions.name,
      battlecardId: sessionCompetitorMentions.battlecardId,
      battlecardName: battlecards.name,
    })
    .from(sessionCompetitorMentions)
    .leftJoin(battlecards, eq(battlecards.id, sessionCompetitorMentions.battlecardId))
    .where(eq(sessionCompetitorMentions.sessionId, id))
    .orderBy(asc(sessionCompetitorMentions.seq));

const detectionsOf = async (db: Database, id: string) => {
  const rows = await db
    .select({
      kind: sessionDetections.kind,
      ts: iso(sessionDetections.ts),
      category: sessionDetections.category,
      relevanceScore: sessionDetections.relevanceScore,
      question: sessionDetections.question,
      answer: sessionDetections.answer,
      itemKey: sessionDetections.itemKey,
    })
    .from(sessionDetections)
    .where(eq(sessionDetections.sessionId, id))
    .orderBy(asc(sessionDetections.seq));
  // docs/insights.md "Keys": an objection's or FAQ's key is its original's id; before its call completes, its question names it
  const keyed = (key: string | null) => (key && !key.startsWith('q:') && !key.startsWith('inquiry:') ? key : null);
  const unkeyed = [
    ...new Set(rows.filter((row) => row.kind !== 'new_inquiry' && !keyed(row.itemKey)).map((row) => row.question.trim().toLowerCase())),
  ];
  const named = new Map<string, string>();
  if (unkeyed.length > 0) {
    const found = await db
      .select({ id: dictionaryItems.id, kind: dictionaryItems.kind, question: dictionaryItems.question })
      .from(dictionaryItems)
      .where(and(isNull(dictionaryItems.parentId), inArray(sql`lower(trim(${dictionaryItems.question}))`, unkeyed)))
      .orderBy(asc(dictionaryItems.createdAt));
    for (const item of found.reverse()) named.set(`${item.kind}:${item.question.trim().toLowerCase()}`, item.id);
  }
  const of = (kind: (typeof rows)[number]['kind']): Detection[] =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => {
        const itemId = keyed(row.itemKey) ?? named.get(`${row.kind}:${row.question.trim().toLowerCase()}`);
        return {
          timestamp: row.ts,
          category: row.category,
          relevance_score: row.relevanceScore,
          question: row.question,
          answer: row.answer,
          ...(itemId ? { itemId } : {}),
        };
      });
  return { objections: of('objection'), faqs: of('faq'), inquiries: of('new_inquiry') };
};

export interface SessionDetailOptions {
  /** `entries=compact` (contract/sessions.ts): entries leave out a text that repeats their utterance's. */
  compact?: boolean;
  log?: RepairLog;
}

/**
 * GET /api/admin/sessions/{sessionId}'s session: one lookup by session id, then one typed read
 * per detail table, ordered by arrival; values outside the contract (a row written around the
 * API) are repaired on the way (services/contractRepair.ts).
 */
export const getSessionDetail = async (db: Database, sessionId: string, { compact = false, log }: SessionDetailOptions = {}) => {
  const [row] = await db
    .select({ ...summaryColumns, lastEventAt: iso(sessions.lastEventAt), failureReason: sessions.failureReason })
    .from(sessions)
    .where(eq(sessions.sessionId, sessionId))
    .limit(1);
  if (!row) throw notFoundError(SESSION_MESSAGES.notFound);
  const id = row.id;
  const [transcripts, detections, entries, hits, mentions, alerts, [analysis]] = await Promise.all([
    db
      .select({ ts: iso(sessionTranscripts.ts), speaker: sessionTranscripts.speaker, text: sessionTranscripts.text })
      .from(sessionTranscripts)
      .where(eq(sessionTranscripts.sessionId, id))
      .orderBy(asc(sessionTranscripts.seq)),
    detectionsOf(db, id),
    db
      .select({
        ts: iso(sessionSentimentEntries.ts),
        speaker: sessionSentimentEntries.speaker,
        dominantEmotion: sessionSentimentEntries.dominantEmotion,
        confidence: sessionSentimentEntries.confidence,
        transcript: sessionSentimentEntries.transcript,
      })
      .from(sessionSentimentEntries)
      .where(eq(sessionSentimentEntries.sessionId, id))
      .orderBy(asc(sessionSentimentEntries.seq)),
    landmineHits(db, id),
    competitorMentions(db, id),
    db
      .select({
        ts: iso(sessionSpeechAlerts.ts),
        wordsPerMinute: sessionSpeechAlerts.wordsPerMinute,
        totalWords: sessionSpeechAlerts.totalWords,
        timeWindow: sessionSpeechAlerts.timeWindow,
        maxWords: sessionSpeechAlerts.maxWords,
      })
      .from(sessionSpeechAlerts)
      .where(eq(sessionSpeechAlerts.sessionId, id))
      .orderBy(asc(sessionSpeechAlerts.seq)),
    db
      .select({
        dominantEmotion: sessionAnalyses.dominantEmotion,
        sessionConfidence: sessionAnalyses.sessionConfidence,
        sentimentTotal: sessionAnalyses.sentimentTotal,
        averageConfidence: sessionAnalyses.averageConfidence,
        emotionDistribution: sessionAnalyses.emotionDistribution,
        totalAlerts: sessionAnalyses.totalAlerts,
        averageWordsPerMinute: sessionAnalyses.averageWordsPerMinute,
      })
      .from(sessionAnalyses)
      .where(eq(sessionAnalyses.sessionId, id))
      .limit(1),
  ]);
  const session = repairSession(
    {
      ...toSummary(row),
      transcripts: transcripts.map((entry) => ({ timestamp: entry.ts, speaker: entry.speaker, text: entry.text })),
      detectedObjections: detections.objections,
      detectedFAQs: detections.faqs,
      newInquiries: detections.inquiries,
      landmines: hits,
      competitors: mentions,
      sentimentAnalysis: {
        // A session recorded without analysis (in progress, or summary-only data) gets an empty summary.
        sessionSummary: analysis
          ? {
              session_dominant_emotion: analysis.dominantEmotion,
              session_confidence: analysis.sessionConfidence,
              total_transcripts: analysis.sentimentTotal,
              average_confidence: analysis.averageConfidence,
              emotion_distribution: { ...emptyDistribution(), ...analysis.emotionDistribution },
            }
          : EMPTY_SUMMARY,
        entries: entries.map((entry) => ({
          timestamp: entry.ts,
          speaker: entry.speaker,
          dominant_emotion: entry.dominantEmotion,
          confidence: entry.confidence,
          transcript: entry.transcript,
        })),
      },
      speechRateAnalysis: {
        alerts: alerts.map((alert) => ({
          timestamp: alert.ts,
          words_per_minute: alert.wordsPerMinute,
          total_words: alert.totalWords,
          time_window: alert.timeWindow,
          max_words: alert.maxWords,
        })),
        totalAlerts: analysis?.totalAlerts ?? alerts.length,
        averageWordsPerMinute: analysis?.averageWordsPerMinute ?? 0,
      },
      lastEventAt: row.lastEventAt,
      failureReason: row.failureReason,
    },
    log,
  );
  if (!compact) return session;
  return {
    ...session,
    sentimentAnalysis: { ...session.sentimentAnalysis, entries: compactEntries(session.transcripts, session.sentimentAnalysis.entries) },
  };
};
