import { sql, type SQL } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import type { Emotion } from '../../../src/contract/sessions';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { battlecards } from './battlecards';
import { timestamptz } from './columns';

/**
 * Only what the list reads, so a list page never touches the detail tables (read by (session_id, seq)). `search_text`
 * is generated and indexed with pg_trgm, so `ILIKE '%term%'` uses the GIN index.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull().unique(),
    sessionName: text('session_name').notNull(),
    userEmail: text('user_email').notNull(),
    roomName: text('room_name'),
    startTime: timestamptz('start_time').notNull(),
    /** The end the call was added to the insights with: erasing it subtracts exactly that (services/sessionErasure.ts). */
    endTime: timestamptz('end_time'),
    duration: integer('duration').notNull(),
    status: text('status', { enum: ['completed', 'in_progress', 'failed'] }).notNull(),
    /** Why a call failed when the assistant did not say so: `abandoned` (services/abandonedCalls.ts) or `admin` (marked by an admin). */
    failureReason: text('failure_reason', { enum: ['abandoned', 'admin'] }),
    /** When the ingest last stored an event of the call (or created it): a call silent too long is abandoned. */
    lastEventAt: timestamptz('last_event_at').notNull().defaultNow(),
    totalTranscripts: integer('total_transcripts').notNull().default(0),
    customerTranscripts: integer('customer_transcripts').notNull().default(0),
    salespersonTranscripts: integer('salesperson_transcripts').notNull().default(0),
    totalObjections: integer('total_objections').notNull().default(0),
    totalFaqs: integer('total_faqs').notNull().default(0),
    totalNewInquiries: integer('total_new_inquiries').notNull().default(0),
    responseRate: real('response_rate').notNull().default(0),
    /** null for sessions recorded before configuration versions. */
    configVersion: bigint('config_version', { mode: 'number' }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${sessions.sessionName} || ' ' || ${sessions.userEmail} || ' ' || coalesce(${sessions.roomName}, '') || ' ' || ${sessions.sessionId})`,
      ),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('sessions_status_check', sql`${table.status} in ('completed', 'in_progress', 'failed')`),
    check('sessions_failure_reason_check', sql`${table.failureReason} in ('abandoned', 'admin')`),
    index('sessions_start_time_idx').on(table.startTime.desc(), table.id.desc()),
    index('sessions_status_start_time_idx').on(table.status, table.startTime.desc(), table.id.desc()),
    index('sessions_in_progress_last_event_idx').on(table.lastEventAt).where(sql`${table.status} = 'in_progress'`),
    index('sessions_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A rep's page and count read only the rep's entries.
    index('sessions_rep_start_time_idx').on(sql`lower(${table.userEmail})`, table.startTime.desc(), table.id.desc()),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The words of a text for the search of what was said (services/transcriptSearch.ts), stemmed
 * in English and in French: a call in either language is found by any form of its words.
 */
const searchVector = (column: AnyPgColumn): SQL => sql`to_tsvector('english', ${column}) || to_tsvector('french', ${column})`;

/** Each detail row belongs to one session and goes with it. */
const sessionRef = () =>
  uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' });

export const sessionTranscripts = pgTable(
  'session_transcripts',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    ts: timestamptz('ts').notNull(),
    speaker: text('speaker', { enum: ['customer', 'salesperson'] }).notNull(),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => searchVector(sessionTranscripts.text)),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    // No pending list: PGlite has no autovacuum to merge it, and every search read it whole (docs/performance.md).
    index('session_transcripts_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
);

export const sessionDetections = pgTable(
  'session_detections',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['objection', 'faq', 'new_inquiry'] }).notNull(),
    ts: timestamptz('ts').notNull(),
    category: text('category').notNull(),
    relevanceScore: real('relevance_score').notNull(),
    question: text('question').notNull(),
    answer: text('answer'),
    itemId: text('item_id'),
    /** docs/insights.md "Keys": set when the call completes; the Sessions list's item and inquiry filters read it. */
    itemKey: text('item_key'),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => searchVector(sessionDetections.question)),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    check('session_detections_kind_check', sql`${table.kind} in ('objection', 'faq', 'new_inquiry')`),
    index('session_detections_item_key_idx').on(table.itemKey, table.sessionId),
    index('session_detections_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
);

/** landmine_key is set when the call completes (docs/insights.md "Keys"). */
export const sessionLandmineHits = pgTable(
  'session_landmine_hits',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    ts: timestamptz('ts').notNull(),
    landmineId: text('landmine_id'),
    trigger: text('trigger').notNull(),
    speaker: text('speaker', { enum: ['customer', 'salesperson'] }).notNull(),
    landmineKey: text('landmine_key'),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    index('session_landmine_hits_key_idx').on(table.landmineKey, table.sessionId),
  ],
);

/** Competitors a customer named during a call (the `competitor` event), with the battlecard the assistant showed. */
export const sessionCompetitorMentions = pgTable(
  'session_competitor_mentions',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    ts: timestamptz('ts').notNull(),
    /** Null once the battlecard is deleted: the mention stays on the call under the name said. */
    battlecardId: uuid('battlecard_id').references(() => battlecards.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    speaker: text('speaker', { enum: ['customer', 'salesperson'] }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] }), index('session_competitor_mentions_card_idx').on(table.battlecardId)],
);

export const sessionSentimentEntries = pgTable(
  'session_sentiment_entries',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    ts: timestamptz('ts').notNull(),
    speaker: text('speaker', { enum: ['customer', 'salesperson'] }).notNull(),
    dominantEmotion: text('dominant_emotion').$type<Emotion>().notNull(),
    confidence: real('confidence').notNull(),
    transcript: text('transcript').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] })],
);

export const sessionSpeechAlerts = pgTable(
  'session_speech_alerts',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
    ts: timestamptz('ts').notNull(),
    wordsPerMinute: real('words_per_minute').notNull(),
    totalWords: integer('total_words').notNull(),
    timeWindow: integer('time_window').notNull(),
    maxWords: integer('max_words').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] })],
);

export const sessionAnalyses = pgTable('session_analyses', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  dominantEmotion: text('dominant_emotion').$type<Emotion>().notNull(),
  sessionConfidence: real('session_confidence').notNull(),
  sentimentTotal: integer('sentiment_total').notNull(),
  averageConfidence: real('average_confidence').notNull(),
  emotionDistribution: jsonb('emotion_distribution').$type<Record<Emotion, number>>().notNull(),
  totalAlerts: integer('total_alerts').notNull(),
  averageWordsPerMinute: real('average_words_per_minute').notNull(),
});

/** The primary key makes a seq unique per session, so a resent batch is recognised by one insert (docs/api.md "Assistant API"). */
export const sessionEventSeqs = pgTable(
  'session_event_seqs',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] })],
);
