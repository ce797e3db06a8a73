import { z } from 'zod';
import { DATE_FILTER_RANGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';
import { INSIGHT_MESSAGES, sessionInsightFilterSchema } from './insights';
import { LANDMINE_PRIORITIES, LANDMINE_SEVERITIES } from './landmines';

/** spec 3, 7. Timestamps are ISO 8601 UTC; `duration` seconds; scores and confidences 0-1; `responseRate` 0-100. */
export const SESSION_STATUSES = ['completed', 'in_progress', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

export const SPEAKERS = ['customer', 'salesperson'] as const;
export type Speaker = (typeof SPEAKERS)[number];
export const speakerSchema = z.enum(SPEAKERS);

export const EMOTIONS = ['happy', 'sad', 'angry', 'neutral', 'surprised', 'fearful', 'disgusted'] as const;
export type Emotion = (typeof EMOTIONS)[number];
export const emotionSchema = z.enum(EMOTIONS);

export const DETECTION_CATEGORIES = { faq: 'FAQ', newInquiry: 'NEW_INQUIRY' } as const;
export const isObjectionCategory = (category: string): boolean => category.includes('OBJECTION');

/** spec 9 */
export const SESSION_DEFAULT_PAGE_SIZE = 15;
/** Keeps OFFSET in range (pick). */
export const SESSION_PAGE_MAX = 100_000;
export const SESSION_ID_MAX_LENGTH = 100;
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

export const SESSION_MESSAGES = { notFound: 'Session not found' } as const;

/** `abandoned`: no event for the configured time; `admin`: marked failed from its page. */
export const FAILURE_REASONS = ['abandoned', 'admin'] as const;

const isoTimestamp = z.string();

export const sessionStatisticsSchema = z.object({
  totalTranscripts: z.number().int().min(0),
  customerTranscripts: z.number().int().min(0),
  salespersonTranscripts: z.number().int().min(0),
  totalObjections: z.number().int().min(0),
  totalFAQs: z.number().int().min(0),
  totalNewInquiries: z.number().int().min(0),
  responseRate: z.number().min(0).max(100),
});
export type SessionStatistics = z.infer<typeof sessionStatisticsSchema>;

export const sessionSummarySchema = z.object({
  _id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  userEmail: z.string(),
  /** The rep's name from their user profile; null when Users has no profile (with a name) for the address. */
  userName: z.string().nullable(),
  startTime: isoTimestamp,
  duration: z.number().int().min(0),
  status: sessionStatusSchema,
  metadata: z.object({ roomName: z.string().nullable().optional() }),
  statistics: sessionStatisticsSchema,
  /** How many times a landmine was triggered in the call. */
  landmineCount: z.number().int().min(0),
  /** null for calls recorded before configuration versions. */
  configVersion: z.number().int().nullable().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const transcriptSchema = z.object({
  timestamp: isoTimestamp,
  speaker: speakerSchema,
  text: z.string(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** `answer` is multi-line text that may hold bullets. */
export const detectionSchema = z.object({
  timestamp: isoTimestamp,
  category: z.string(),
  relevance_score: z.number().min(0).max(1),
  question: z.string(),
  answer: z.string().nullable().optional(),
  /** The dictionary item it fired (its original's id), once the call completed; null when it names none. */
  itemId: z.string().nullable().optional(),
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
  /** Mean confidence of the entries whose emotion is the dominant one. */
  session_confidence: z.number().min(0).max(1),
  total_transcripts: z.number().int().min(0),
  average_confidence: z.number().min(0).max(1),
  /** Every emotion present, zero when absent. */
  emotion_distribution: z.record(emotionSchema, z.number().int().min(0)),
});
export type SentimentSummary = z.infer<typeof sentimentSummarySchema>;

export const sentimentAnalysisSchema = z.object({
  sessionSummary: sentimentSummarySchema,
  entries: z.array(sentimentEntrySchema),
});
export type SentimentAnalysis = z.infer<typeof sentimentAnalysisSchema>;

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
  averageWordsPerMinute: z.number().min(0),
});
export type SpeechRateAnalysis = z.infer<typeof speechRateAnalysisSchema>;

/**
 * A landmine the assistant saw triggered, with the dictionary's guidance as it stands now: the
 * landmine found by its id, else by its trigger (any case); null fields when it is no longer there.
 */
export const landmineHitSchema = z.object({
  timestamp: isoTimestamp,
  speaker: speakerSchema,
  trigger: z.string(),
  landmineId: z.string().nullable(),
  category: z.string().nullable(),
  priority: z.enum(LANDMINE_PRIORITIES).nullable(),
  canSay: z.array(z.object({ point: z.string(), context: z.string().optional() })),
  cannotSay: z.array(z.object({ point: z.string(), reason: z.string().optional(), severity: z.enum(LANDMINE_SEVERITIES).optional() })),
});
export type LandmineHit = z.infer<typeof landmineHitSchema>;

/** A competitor the customer named, with the battlecard shown: its name now, null when it is gone. */
export const competitorMentionSchema = z.object({
  timestamp: isoTimestamp,
  speaker: speakerSchema,
  name: z.string(),
  battlecardId: z.string().nullable(),
  battlecardName: z.string().nullable(),
});
export type CompetitorMention = z.infer<typeof competitorMentionSchema>;

export const sessionDetailSchema = sessionSummarySchema.extend({
  transcripts: z.array(transcriptSchema),
  /** An addition to the spec's shape: the landmines triggered during the call, in time order. */
  landmines: z.array(landmineHitSchema).optional(),
  /** An addition to the spec's shape: the competitors named during the call, in time order. */
  competitors: z.array(competitorMentionSchema).optional(),
  detectedObjections: z.array(detectionSchema),
  detectedFAQs: z.array(detectionSchema),
  newInquiries: z.array(detectionSchema),
  sentimentAnalysis: sentimentAnalysisSchema,
  speechRateAnalysis: speechRateAnalysisSchema,
  /** When the last event came in (docs/api.md "Calls that never finished"). */
  lastEventAt: isoTimestamp.optional(),
  /** Why a failed call failed when the assistant did not say so. */
  failureReason: z.enum(FAILURE_REASONS).nullable().optional(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** The day after `to` bounds the query, so `to` keeps within DATE_FILTER_RANGE. */
const sessionDaySchema = sessionInsightFilterSchema.from
  .unwrap()
  .regex(IN_DATE_RANGE_YEAR, `Must be a day between ${DATE_FILTER_RANGE.min.slice(0, 10)} and ${DATE_FILTER_RANGE.max.slice(0, 10)}`);

/** spec 7, plus the filters the insights link to (docs/insights.md "Keys"); all combine (AND). */
export const sessionListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(SESSION_PAGE_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(SESSION_DEFAULT_PAGE_SIZE),
    status: sessionStatusSchema.optional(),
    search: safeText(z.string().max(LIMITS.search)).optional(),
    ...sessionInsightFilterSchema,
    from: sessionDaySchema.optional(),
    to: sessionDaySchema.optional(),
    /** The calls the insights count. */
    finished: z.literal('true').optional(),
    /** The calls where any landmine was triggered. */
    hasLandmine: z.literal('true').optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    path: ['from'],
    message: INSIGHT_MESSAGES.rangeOrder,
  })
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
 * `entries=compact`, an addition to the spec's call: a sentiment entry leaves out its `transcript` when it is what its
 * speaker said at that moment, so a call's text does not travel twice (half of a long call's answer).
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

export const compactEntries = (transcripts: readonly Transcript[], entries: readonly SentimentEntry[]): CompactEntry[] => {
  const said = utterances(transcripts);
  return entries.map(({ transcript, ...entry }) => (said.get(utteranceKey(entry)) === transcript ? entry : { ...entry, transcript }));
};

export const expandEntries = (transcripts: readonly Transcript[], entries: readonly CompactEntry[]): SentimentEntry[] => {
  const said = utterances(transcripts);
  return entries.map((entry) =>
    entry.transcript === undefined ? { ...entry, transcript: said.get(utteranceKey(entry)) ?? '' } : (entry as SentimentEntry),
  );
};
