import { z } from 'zod';
import { DATE_FILTER_RANGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';
import { INSIGHT_MESSAGES, sessionInsightFilterSchema } from './insights';

/**
 * Recorded conversation sessions (spec 3, 7): GET /api/admin/sessions (summaries, paged on
 * the server) and GET /api/admin/sessions/{sessionId} (one full session).
 *
 * Conventions: every timestamp is an ISO 8601 string (UTC); `duration` is in seconds;
 * `relevance_score` and every `confidence` are fractions 0-1 (the portal shows them as
 * percentages); `responseRate` is already a percentage 0-100.
 */

export const SESSION_STATUSES = ['completed', 'in_progress', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

export const SPEAKERS = ['customer', 'salesperson'] as const;
export type Speaker = (typeof SPEAKERS)[number];
export const speakerSchema = z.enum(SPEAKERS);

export const EMOTIONS = ['happy', 'sad', 'angry', 'neutral', 'surprised', 'fearful', 'disgusted'] as const;
export type Emotion = (typeof EMOTIONS)[number];
export const emotionSchema = z.enum(EMOTIONS);

/** Detection categories: FAQ, NEW_INQUIRY, or any name containing OBJECTION (PRICE_OBJECTION...). */
export const DETECTION_CATEGORIES = { faq: 'FAQ', newInquiry: 'NEW_INQUIRY' } as const;
export const isObjectionCategory = (category: string): boolean => category.includes('OBJECTION');

/** spec 9: sessions list page size default 15 (configuration); at most 100. */
export const SESSION_DEFAULT_PAGE_SIZE = 15;
/** Keeps OFFSET in range whatever page a client asks for (pick). */
export const SESSION_PAGE_MAX = 100_000;
/** A session id in the path: at most 100 characters of a safe charset (anything else: 400). */
export const SESSION_ID_MAX_LENGTH = 100;
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** The detail call's 404 body is `{ error: 'NOT_FOUND', message: SESSION_MESSAGES.notFound }`. */
export const SESSION_MESSAGES = { notFound: 'Session not found' } as const;

const isoTimestamp = z.string();

export const sessionStatisticsSchema = z.object({
  totalTranscripts: z.number().int().min(0),
  customerTranscripts: z.number().int().min(0),
  salespersonTranscripts: z.number().int().min(0),
  totalObjections: z.number().int().min(0),
  totalFAQs: z.number().int().min(0),
  totalNewInquiries: z.number().int().min(0),
  /** Percent (0-100) of customer objections/questions/inquiries followed by a salesperson turn. */
  responseRate: z.number().min(0).max(100),
});
export type SessionStatistics = z.infer<typeof sessionStatisticsSchema>;

/** One row of the sessions list (spec 3): only summary fields. */
export const sessionSummarySchema = z.object({
  _id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  userEmail: z.string(),
  startTime: isoTimestamp,
  duration: z.number().int().min(0),
  status: sessionStatusSchema,
  metadata: z.object({ roomName: z.string().nullable().optional() }),
  statistics: sessionStatisticsSchema,
  /** The configuration version the assistant ran the call with; null for calls recorded before. */
  configVersion: z.number().int().nullable().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const transcriptSchema = z.object({
  timestamp: isoTimestamp,
  speaker: speakerSchema,
  text: z.string(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** An objection, FAQ or new inquiry; `answer` is multi-line text that may hold bullets. */
export const detectionSchema = z.object({
  timestamp: isoTimestamp,
  category: z.string(),
  relevance_score: z.number().min(0).max(1),
  question: z.string(),
  answer: z.string().nullable().optional(),
});
export type Detection = z.infer<typeof detectionSchema>;

export const sentimentEntrySchema = z.object({
  timestamp: isoTimestamp,
  speaker: speakerSchema,
  dominant_emotion: emotionSchema,
  confidence: z.number().min(0).max(1),
  transcript: z.string(),
});
export type SentimentEntry = z.infer<typeof sentimentEntrySchema>;

export const sentimentSummarySchema = z.object({
  session_dominant_emotion: emotionSchema,
  /** Mean confidence of the entries whose emotion is the dominant one (0-1). */
  session_confidence: z.number().min(0).max(1),
  total_transcripts: z.number().int().min(0),
  /** Mean confidence of all entries (0-1). */
  average_confidence: z.number().min(0).max(1),
  /** Entries per emotion (every emotion present, zero when absent). */
  emotion_distribution: z.record(emotionSchema, z.number().int().min(0)),
});
export type SentimentSummary = z.infer<typeof sentimentSummarySchema>;

export const sentimentAnalysisSchema = z.object({
  sessionSummary: sentimentSummarySchema,
  entries: z.array(sentimentEntrySchema),
});
export type SentimentAnalysis = z.infer<typeof sentimentAnalysisSchema>;

/** The salesperson said more than `max_words` words in the `time_window` seconds ending at `timestamp`. */
export const speechRateAlertSchema = z.object({
  timestamp: isoTimestamp,
  words_per_minute: z.number().min(0),
  total_words: z.number().int().min(0),
  time_window: z.number().int().min(1),
  max_words: z.number().int().min(1),
});
export type SpeechRateAlert = z.infer<typeof speechRateAlertSchema>;

export const speechRateAnalysisSchema = z.object({
  alerts: z.array(speechRateAlertSchema),
  totalAlerts: z.number().int().min(0),
  /** The salesperson's average speaking rate over the call. */
  averageWordsPerMinute: z.number().min(0),
});
export type SpeechRateAnalysis = z.infer<typeof speechRateAnalysisSchema>;

/** GET /api/admin/sessions/{sessionId} data: the summary plus transcripts and analyses (all sorted by time). */
export const sessionDetailSchema = sessionSummarySchema.extend({
  transcripts: z.array(transcriptSchema),
  detectedObjections: z.array(detectionSchema),
  detectedFAQs: z.array(detectionSchema),
  newInquiries: z.array(detectionSchema),
  sentimentAnalysis: sentimentAnalysisSchema,
  speechRateAnalysis: speechRateAnalysisSchema,
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/**
 * A day of the list's `from`/`to` filters: the insights' day (YYYY-MM-DD, UTC), within the range
 * every date filter keeps to (common.ts DATE_FILTER_RANGE), as the day after `to` bounds the query.
 */
const sessionDaySchema = sessionInsightFilterSchema.from
  .unwrap()
  .regex(IN_DATE_RANGE_YEAR, `Must be a day between ${DATE_FILTER_RANGE.min.slice(0, 10)} and ${DATE_FILTER_RANGE.max.slice(0, 10)}`);

/**
 * GET /api/admin/sessions query (spec 7): page is 1-based; search covers name, email, room and id.
 * Beside the spec's filters, those the insights link to (contract/insights.ts): `rep` (the user's
 * email, any case), `item` (a detection's item key), `landmine` (a landmine hit's key), `inquiry`
 * (a new-inquiry group), `from`/`to` (UTC days of the start, inclusive, either alone) and
 * `finished` (completed or failed calls only). All
 * filters combine (AND).
 */
export const sessionListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(SESSION_PAGE_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(SESSION_DEFAULT_PAGE_SIZE),
    status: sessionStatusSchema.optional(),
    search: safeText(z.string().max(LIMITS.search)).optional(),
    ...sessionInsightFilterSchema,
    from: sessionDaySchema.optional(),
    to: sessionDaySchema.optional(),
    /** `true`: finished calls only (completed or failed), the calls the insights count. */
    finished: z.literal('true').optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    path: ['from'],
    message: INSIGHT_MESSAGES.rangeOrder,
  })
  // The rule above, for the OpenAPI document (docs/api.md "Errors": rules between values).
  .meta({ 'x-ordered': ['from', 'to'] });
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;
export type SessionListQueryInput = z.input<typeof sessionListQuerySchema>;

export const sessionPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const sessionListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(sessionSummarySchema),
  pagination: sessionPaginationSchema,
});
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export const sessionIdSchema = z
  .string()
  .min(1)
  .max(SESSION_ID_MAX_LENGTH, `A session id has at most ${SESSION_ID_MAX_LENGTH} characters`)
  .regex(SESSION_ID_PATTERN, 'Not a valid session id');
export const sessionIdParamsSchema = z.object({ sessionId: sessionIdSchema });

export const sessionDetailResponseSchema = z.object({ success: z.literal(true), data: sessionDetailSchema });
export type SessionDetailResponse = z.infer<typeof sessionDetailResponseSchema>;

/**
 * GET /api/admin/sessions/{sessionId}?entries=compact, an addition to the spec's call (which
 * is unchanged without it): a sentiment entry leaves out its `transcript` when it is, word for
 * word, what its speaker said at the same moment in `transcripts`. The assistant sends one entry
 * per utterance, so a call's text otherwise travels twice (half of a long call's answer).
 * expandEntries puts the text back.
 */
export const sessionDetailQuerySchema = z.object({
  entries: z.enum(['compact']).optional().describe("'compact': entries leave out a transcript text that repeats an utterance's"),
});
export const compactSessionDetailResponseSchema = z.object({
  success: z.literal(true),
  data: sessionDetailSchema.extend({
    sentimentAnalysis: sentimentAnalysisSchema.extend({
      entries: z.array(sentimentEntrySchema.extend({ transcript: z.string().optional() })),
    }),
  }),
});
type CompactEntry = Omit<SentimentEntry, 'transcript'> & { transcript?: string };

const utteranceKey = (entry: { timestamp: string; speaker: string }) => `${entry.timestamp} ${entry.speaker}`;
const utterances = (transcripts: readonly Transcript[]) => new Map(transcripts.map((t) => [utteranceKey(t), t.text]));

/** The entries of `entries=compact`: without the text their utterance already carries. */
export const compactEntries = (transcripts: readonly Transcript[], entries: readonly SentimentEntry[]): CompactEntry[] => {
  const said = utterances(transcripts);
  return entries.map(({ transcript, ...entry }) => (said.get(utteranceKey(entry)) === transcript ? entry : { ...entry, transcript }));
};

/** compactEntries undone: each entry without a text takes its utterance's. */
export const expandEntries = (transcripts: readonly Transcript[], entries: readonly CompactEntry[]): SentimentEntry[] => {
  const said = utterances(transcripts);
  return entries.map((entry) =>
    entry.transcript === undefined ? { ...entry, transcript: said.get(utteranceKey(entry)) ?? '' } : (entry as SentimentEntry),
  );
};
