import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PROFILE_ORIGINS, ROLES } from '../../src/contract/auth';
import type { ApiKeyScope } from '../../src/contract/apiKeys';
import type { CanSayPoint, CannotSayPoint } from '../../src/contract/landmines';
import type { Emotion } from '../../src/contract/sessions';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Profiles of identity-provider accounts; admin rights come from `role`, looked up by uid. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull().unique(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamptz('last_login'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
    /**
     * How the profile came to be: created from the portal ('portal'), granted by the operator
     * ('config': ADMIN_UIDS or `npm run admin:grant`), seeded demo data ('demo'), or a self
     * sign-up recorded by an earlier version ('signup'). Only the first three can be promoted
     * without a verified email (docs/security.md: never promote an account the portal did not create).
     */
    origin: text('origin', { enum: PROFILE_ORIGINS }).notNull().default('portal'),
    /**
     * When the portal last revoked the account's sessions (password reset, disable, delete,
     * demote), to the millisecond: the identity provider compares whole seconds, so a token
     * issued in that same second is refused here.
     */
    sessionsRevokedAt: timestamptz('sessions_revoked_at'),
    /**
     * When an admin freed the email of this deleted profile (docs/api.md "Deleted users"): its
     * identity account is gone, the email no longer holds a create, and the profile stays deleted.
     */
    emailReleasedAt: timestamptz('email_released_at'),
    /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('admin', 'user')`),
    check('users_origin_check', sql`${table.origin} in ('portal', 'config', 'demo', 'signup')`),
  ],
);

/** One row (id = 1); absent until the first save, when the spec's defaults apply. */
export const speechRateSettings = pgTable(
  'speech_rate_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull(),
    timeWindow: integer('time_window').notNull(),
    maxWords: integer('max_words').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('speech_rate_settings_single_row', sql`${table.id} = 1`)],
);

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().default(sql`now()`),
    actorUid: text('actor_uid').notNull(),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

/**
 * Objections and FAQs (kind), originals and their variations (parent_id, deleted with the
 * original). A variation's answer is a copy of its original's, kept equal by the API.
 * needs_embedding: Pending until the embedding worker stores `embedding` (question text).
 */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['objection', 'faq'] }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category').notNull(),
    isOriginal: boolean('is_original').notNull().default(true),
    parentId: uuid('parent_id').references((): AnyPgColumn => dictionaryItems.id, { onDelete: 'cascade' }),
    needsEmbedding: boolean('needs_embedding').notNull().default(true),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('dictionary_items_kind_check', sql`${table.kind} in ('objection', 'faq')`),
    check(
      'dictionary_items_parent_check',
      sql`(${table.isOriginal} and ${table.parentId} is null) or (not ${table.isOriginal} and ${table.parentId} is not null)`,
    ),
    index('dictionary_items_grouped_idx').on(table.kind, table.isOriginal, table.createdAt),
    index('dictionary_items_parent_idx').on(table.parentId),
    index('dictionary_items_pending_idx').on(table.updatedAt).where(sql`${table.needsEmbedding}`),
  ],
);

export const landmines = pgTable(
  'landmines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    triggerVariations: jsonb('trigger_variations').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    canSay: jsonb('can_say').$type<CanSayPoint[]>().notNull().default([]),
    cannotSay: jsonb('cannot_say').$type<CannotSayPoint[]>().notNull().default([]),
    quickTips: text('quick_tips').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Raised by every edit; an edit that started from another version is refused (docs/api.md "Versions"). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('landmines_priority_check', sql`${table.priority} in ('high', 'medium', 'low')`),
    index('landmines_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Recorded sessions (issue 5). `sessions` holds only what the list reads (summary and
 * statistics columns), so a list page never touches transcripts or analyses; the detail
 * tables below are read only by GET /api/admin/sessions/{sessionId}, each by its
 * (session_id, seq) primary key.
 *
 * `search_text` is the lower-cased concatenation of the searchable fields (name, user email,
 * room, session id), kept by PostgreSQL (generated column) and indexed with pg_trgm
 * (migration 0002 creates the extension), so `ILIKE '%term%'` uses the GIN index.
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
    duration: integer('duration').notNull(),
    status: text('status', { enum: ['completed', 'in_progress', 'failed'] }).notNull(),
    totalTranscripts: integer('total_transcripts').notNull().default(0),
    customerTranscripts: integer('customer_transcripts').notNull().default(0),
    salespersonTranscripts: integer('salesperson_transcripts').notNull().default(0),
    totalObjections: integer('total_objections').notNull().default(0),
    totalFaqs: integer('total_faqs').notNull().default(0),
    totalNewInquiries: integer('total_new_inquiries').notNull().default(0),
    responseRate: real('response_rate').notNull().default(0),
    /** The configuration version the assistant ran with (issue 13); null for sessions recorded before. */
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
    index('sessions_start_time_idx').on(table.startTime.desc(), table.id.desc()),
    index('sessions_status_start_time_idx').on(table.status, table.startTime.desc(), table.id.desc()),
    index('sessions_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

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
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] })],
);

/** Objections, FAQs and new inquiries (kind), in time order (seq). */
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
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.seq] }),
    check('session_detections_kind_check', sql`${table.kind} in ('objection', 'faq', 'new_inquiry')`),
  ],
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

/** Per-session analysis summaries (sentiment summary, speech-rate totals): one row per session. */
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

/**
 * Event seqs received per session by the assistant's ingest (docs/api.md "Assistant API"): the
 * primary key makes a seq unique within the session whatever the event type, so a resent
 * batch is recognised by one insert (`on conflict do nothing`) and the batch's other rows
 * follow in the same transaction (all or nothing).
 */
export const sessionEventSeqs = pgTable(
  'session_event_seqs',
  {
    sessionId: sessionRef(),
    seq: integer('seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seq] })],
);

/**
 * Service keys for the assistant's API (docs/security.md "Service keys"): only the SHA-256 of
 * the secret is stored; `prefix` is its first characters, shown to admins to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUid: text('created_by_uid').notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_key_hash_idx').on(table.keyHash), index('api_keys_created_at_idx').on(table.createdAt)],
);

/**
 * One row (id = 1, created by migration 0005): the version of what the assistant reads
 * (objections, FAQs, variations, landmines, speech-rate settings), raised in the same
 * transaction as every change to them (services/configVersion.ts).
 */
export const configVersion = pgTable(
  'config_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('config_version_single_row', sql`${table.id} = 1`)],
);
