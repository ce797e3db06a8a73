import { z } from 'zod';
import { DATE_RANGE_MESSAGE, IN_DATE_RANGE_YEAR, LIMITS, safeText } from './common';
import {
  DETECTION_CATEGORIES,
  emotionSchema,
  sessionIdSchema,
  sessionStatisticsSchema,
  sessionStatusSchema,
  speakerSchema,
} from './sessions';

/** docs/api.md "Assistant API"; event fields are named as in the session detail (contract/sessions.ts). */
/** docs/api.md limits (pick). */
export const INGEST_LIMITS = {
  batchEvents: 500,
  seqMax: 2_147_483_647,
  text: LIMITS.answer,
  question: LIMITS.question,
  wordsPerMinute: 10_000,
  words: 1_000_000,
  timeWindow: 3_600,
  id: 100,
  /** A 32-bit integer of seconds, about 68 years. */
  durationSeconds: 2_147_483_647,
} as const;

export const INGEST_MESSAGES = {
  sessionCompleted: 'This session is complete: it accepts no more events.',
  sessionExists: 'A session with this sessionId exists with different details.',
  completedDifferently: 'This session was completed with a different endTime or status.',
  beforeStart: 'Event timestamps must not be earlier than the session start time.',
  endBeforeStart: 'endTime must not be earlier than the session start time.',
  tooLong: 'Event timestamps and endTime must be within 68 years of the session start time.',
  unknownBattlecard: (id: string) => `No battlecard has the id ${id}: send a battlecardId from GET /api/assistant/config.`,
  category: `category must be ${DETECTION_CATEGORIES.faq}, ${DETECTION_CATEGORIES.newInquiry} or a name containing OBJECTION`,
} as const;

export const ingestTimestampSchema = z.iso
  .datetime({ offset: true, message: 'Must be an ISO 8601 date-time with an offset, e.g. 2026-01-31T09:30:00.000Z' })
  .regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE);

/** A pattern the OpenAPI document holds. */
const DETECTION_CATEGORY = new RegExp(`^(?:${DETECTION_CATEGORIES.faq}|${DETECTION_CATEGORIES.newInquiry}|[\\s\\S]*OBJECTION[\\s\\S]*)$`);

const text = (max: number) => safeText(z.string().max(max, `At most ${max} characters`));
const requiredText = (max: number) => safeText(z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`));
const fraction = z.number().min(0).max(1);

export const ingestSessionCreateSchema = z
  .object({
    sessionId: sessionIdSchema,
    sessionName: requiredText(LIMITS.name),
    userEmail: z.email().max(254),
    startTime: ingestTimestampSchema,
    metadata: z
      .object({ roomName: text(LIMITS.name).nullable().optional() })
      .strict()
      .default({}),
    configVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
export type IngestSessionCreate = z.infer<typeof ingestSessionCreateSchema>;

const eventBase = { seq: z.number().int().min(0).max(INGEST_LIMITS.seqMax), timestamp: ingestTimestampSchema };

export const transcriptEventSchema = z
  .object({ ...eventBase, type: z.literal('transcript'), speaker: speakerSchema, text: text(INGEST_LIMITS.text) })
  .strict();
export const detectionEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('detection'),
    category: requiredText(LIMITS.name).regex(DETECTION_CATEGORY, INGEST_MESSAGES.category),
    relevance_score: fraction,
    question: requiredText(INGEST_LIMITS.question),
    answer: text(INGEST_LIMITS.text).nullable().optional(),
    /** The insights count the detection under it. */
    itemId: z.string().trim().min(1).max(INGEST_LIMITS.id).nullable().optional(),
  })
  .strict();
export const sentimentEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('sentiment'),
    speaker: speakerSchema,
    dominant_emotion: emotionSchema,
    confidence: fraction,
    transcript: text(INGEST_LIMITS.text),
  })
  .strict();
export const speechAlertEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('speech_alert'),
    words_per_minute: z.number().min(0).max(INGEST_LIMITS.wordsPerMinute),
    total_words: z.number().int().min(0).max(INGEST_LIMITS.words),
    time_window: z.number().int().min(1).max(INGEST_LIMITS.timeWindow),
    max_words: z.number().int().min(1).max(INGEST_LIMITS.words),
  })
  .strict();

export const landmineEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('landmine'),
    landmineId: z.string().trim().min(1).max(INGEST_LIMITS.id).nullable().optional(),
    trigger: requiredText(INGEST_LIMITS.question),
    speaker: speakerSchema,
  })
  .strict();

/** A competitor the customer named: the battlecard's `id` in the configuration (GET /api/assistant/config), and the name said. */
export const competitorEventSchema = z
  .object({
    ...eventBase,
    type: z.literal('competitor'),
    battlecardId: z.uuid('Must be the id of a battlecard in the configuration'),
    name: requiredText(LIMITS.name),
    speaker: speakerSchema,
  })
  .strict();

export const ingestEventSchema = z.discriminatedUnion('type', [
  transcriptEventSchema,
  detectionEventSchema,
  sentimentEventSchema,
  speechAlertEventSchema,
  landmineEventSchema,
  competitorEventSchema,
]);
export type IngestEvent = z.infer<typeof ingestEventSchema>;

export const ingestEventsSchema = z
  .object({
    events: z
      .array(ingestEventSchema)
      .min(1, 'At least one event')
      .max(INGEST_LIMITS.batchEvents, `At most ${INGEST_LIMITS.batchEvents} events per batch`),
  })
  .strict();
export type IngestEvents = z.infer<typeof ingestEventsSchema>;

export const ingestCompleteSchema = z
  .object({ endTime: ingestTimestampSchema, status: z.enum(['completed', 'failed']).default('completed') })
  .strict();
export type IngestComplete = z.infer<typeof ingestCompleteSchema>;

export const ingestSessionParamsSchema = z.object({ sessionId: sessionIdSchema });

export const ingestSessionSchema = z.object({
  sessionId: z.string(),
  sessionName: z.string(),
  userEmail: z.string(),
  startTime: z.string(),
  metadata: z.object({ roomName: z.string().nullable() }),
  configVersion: z.number().int().nullable(),
  status: sessionStatusSchema,
  duration: z.number().int().min(0),
});
export type IngestSession = z.infer<typeof ingestSessionSchema>;

export const ingestSessionResponseSchema = z.object({ success: z.literal(true), data: ingestSessionSchema });
export const ingestEventsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ accepted: z.number().int().min(0), duplicates: z.number().int().min(0) }),
});
export const ingestCompleteResponseSchema = z.object({
  success: z.literal(true),
  data: ingestSessionSchema.extend({ statistics: sessionStatisticsSchema }),
});
