import { z } from 'zod';
import { dateFilterSchema, jsonQueryParam, LIMITS, safeText } from './common';
import { sessionStatusSchema, speakerSchema } from './sessions';

/**
 * GET /api/admin/transcript-search, in ra-data-simple-rest's dialect (docs/architecture.md): what
 * was said in every call (transcripts, and detections' questions), by the database's full-text
 * search. `filter.q` holds the words (stemmed in English and French); the other filters combine
 * with it. The answer is an array of matches, newest call first, with
 * `Content-Range: transcript-search <start>-<end>/<total>`.
 */
export const TRANSCRIPT_SEARCH_DEFAULT_RANGE: [number, number] = [0, 24];
/** Keeps OFFSET in range (pick): nobody pages through more matches. */
export const TRANSCRIPT_SEARCH_OFFSET_MAX = 10_000;

/**
 * A snippet's matching words lie between these two characters (the server takes them out of the
 * text first): the portal splits on them and writes text, never HTML.
 */
export const SNIPPET_MARKS = { start: '\u0001', stop: '\u0002' } as const;

export const transcriptSearchFilterSchema = z.strictObject({
  q: safeText(z.string().trim().max(LIMITS.search)).optional(),
  /** Calls started at or after / at or before (a date is its whole UTC day). */
  startTime_gte: dateFilterSchema.optional(),
  startTime_lte: dateFilterSchema.optional(),
  /** The rep's email, whole and in any case. */
  rep: safeText(z.string().trim().min(1).max(254)).optional(),
  status: sessionStatusSchema.optional(),
  /** Who said it; a detection's question has no speaker and is left out under this filter. */
  speaker: speakerSchema.optional(),
});
export type TranscriptSearchFilter = z.infer<typeof transcriptSearchFilterSchema>;

const rangeSchema = z
  .tuple([
    z.number().int().min(0).max(TRANSCRIPT_SEARCH_OFFSET_MAX),
    z
      .number()
      .int()
      .min(0)
      .max(TRANSCRIPT_SEARCH_OFFSET_MAX + LIMITS.pageSizeMax),
  ])
  .refine(([start, end]) => end >= start, 'The range must end at or after its start')
  .refine(([start, end]) => end - start < LIMITS.pageSizeMax, `At most ${LIMITS.pageSizeMax} records per request`)
  .meta({ 'x-ordered': ['0', '1'], 'x-max-span': { from: '0', to: '1', max: LIMITS.pageSizeMax - 1 } });

export const transcriptSearchQuerySchema = z.object({
  /** One order: the newest call first, each call's matches in the order they were said. */
  sort: jsonQueryParam(z.tuple([z.enum(['startTime']), z.enum(['DESC'])])).default(['startTime', 'DESC']),
  range: jsonQueryParam(rangeSchema).default(TRANSCRIPT_SEARCH_DEFAULT_RANGE),
  filter: jsonQueryParam(transcriptSearchFilterSchema).default({}),
});
export type TranscriptSearchQuery = z.infer<typeof transcriptSearchQuerySchema>;

export const transcriptMatchSchema = z.object({
  /** `<sessionId>:<kind>:<seq>`. */
  id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  userEmail: z.string(),
  status: sessionStatusSchema,
  startTime: z.string(),
  kind: z.enum(['transcript', 'detection']),
  /** When it was said (the moment the call opens at). */
  timestamp: z.string(),
  speaker: speakerSchema.nullable(),
  /** The whole sentence. */
  text: z.string(),
  /** Its words around the match, each matching word between SNIPPET_MARKS. */
  snippet: z.string(),
});
export type TranscriptMatch = z.infer<typeof transcriptMatchSchema>;

export const transcriptSearchResponseSchema = z.array(transcriptMatchSchema);

/** A snippet cut into plain and matching parts (the portal renders each as text). */
export const snippetParts = (snippet: string): { text: string; match: boolean }[] =>
  snippet
    .split(SNIPPET_MARKS.start)
    .flatMap((part, index) => {
      if (index === 0) return [{ text: part, match: false }];
      const [match, ...rest] = part.split(SNIPPET_MARKS.stop);
      return [
        { text: match, match: true },
        { text: rest.join(''), match: false },
      ];
    })
    .filter((part) => part.text !== '');
