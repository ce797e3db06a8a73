import { z } from 'zod';

/**
 * spec 8: every API error carries an error code and a human message, and the id of its request
 * (the X-Request-Id header and the `reqId` of its log lines), which the portal shows to quote.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  notAuthenticated: 'NOT_AUTHENTICATED',
  notAdmin: 'NOT_ADMIN',
  authUnavailable: 'AUTH_UNAVAILABLE',
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  rateLimited: 'RATE_LIMITED',
  badRequest: 'BAD_REQUEST',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** The edit started from an older version of the record (docs/api.md "Versions"). */
  versionConflict: 'VERSION_CONFLICT',
  /** A path parameter over the router's 100 characters. */
  uriTooLong: 'URI_TOO_LONG',
  /** The request line and headers are over Node's 16 KB. */
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  /** GET /api/health/ready: the database does not answer, or lacks a migration. */
  notReady: 'NOT_READY',
  /** The server is stopping (a deploy, a scale-down): another server, or this one restarted, answers a retry. */
  shuttingDown: 'SHUTTING_DOWN',
} as const;

/**
 * The version an edit started from (docs/api.md "Versions"): optional in every update body, so
 * the spec's requests without it work as before; 0 is the speech-rate settings before any save.
 */
export const versionSchema = z.number().int().min(0).max(2_147_483_647);

/** The 409 VERSION_CONFLICT message of each edited record. */
export const VERSION_CONFLICT_MESSAGES = {
  objection: 'Someone else changed this objection since you opened it. Reload to see their version; what you typed is kept.',
  faq: 'Someone else changed this FAQ since you opened it. Reload to see their version; what you typed is kept.',
  landmine: 'Someone else changed this landmine since you opened it. Reload to see their version; what you typed is kept.',
  user: 'Someone else changed this user since you opened it. Reload to see their version; what you typed is kept.',
  speechRate: 'Someone else changed the speech rate settings since you opened them. Reload to see their values; what you typed is kept.',
  matching: 'Someone else changed the matching threshold since you opened it. Reload to see their value; what you chose is kept.',
} as const;

/** Query booleans are exactly "true" or "false" (z.coerce.boolean would read "false" as true). */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * An unpaired UTF-16 surrogate. String.prototype.isWellFormed would say the same, but it is
 * ES2024 and the portal's TypeScript lib stops at ES2023.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text without its unpaired surrogates (for text from elsewhere that is cleaned, not refused). */
export const withoutLoneSurrogates = (value: string): string => value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '');

/** Text PostgreSQL can store as sent: well-formed Unicode without NUL characters. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * isStorableText as a pattern, so the OpenAPI document holds the rule too: no NUL and no
 * surrogate code point, read with the `u` flag (a surrogate pair is one code point above U+FFFF).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character refused.
const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u;

export const INVALID_TEXT_MESSAGE = 'Must not contain invalid characters (NUL or unpaired surrogates)';

/**
 * Every free-text field the API accepts, in bodies and query strings (docs/security.md "Input":
 * bad input is a 400, never a 500). PostgreSQL refuses NUL in text and unpaired surrogates in
 * jsonb (the audit diff, landmine lists), and UTF-8 encoding would silently turn a surrogate
 * into U+FFFD elsewhere, so neither passes validation. Chain length rules on the argument:
 * `safeText(z.string().trim().min(1).max(200))`.
 */
export const safeText = (schema: z.ZodString = z.string()) => schema.regex(STORABLE_TEXT, INVALID_TEXT_MESSAGE);

/**
 * Dates a filter accepts (pick): 1970-01-01 to 2100-12-31, UTC. Everything stored is recent;
 * outside this range PostgreSQL refuses some years (0000) and date arithmetic overflows others
 * (9999-12-31 plus a day is year 10000), which would otherwise end in a 500.
 */
export const DATE_FILTER_RANGE = { min: '1970-01-01T00:00:00.000Z', max: '2100-12-31T23:59:59.999Z' } as const;

/**
 * A date or date-time written in a year of DATE_FILTER_RANGE. A pattern, so the OpenAPI document
 * holds it too; the offset of a date-time moves it by hours at most, which PostgreSQL and date
 * arithmetic handle as well as the range's own ends.
 */
export const IN_DATE_RANGE_YEAR = /^(?:19[7-9]\d|20\d\d|2100)-/;
export const DATE_RANGE_MESSAGE = `Must be a date between ${DATE_FILTER_RANGE.min.slice(0, 10)} and ${DATE_FILTER_RANGE.max.slice(0, 10)}`;

/** A date filter: an ISO date-time, or a day (YYYY-MM-DD, what a date filter input sends), within DATE_FILTER_RANGE. */
export const dateFilterSchema = z.union(
  [
    z.iso.datetime({ offset: true }).regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE),
    z.iso.date().regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE),
  ],
  {
    // A date written well in a year outside the range is told so, not "Invalid input".
    error: (issue) =>
      typeof issue.input === 'string' && /^\d{4}-/.test(issue.input) && !IN_DATE_RANGE_YEAR.test(issue.input)
        ? DATE_RANGE_MESSAGE
        : undefined,
  },
);

/** The value schema of each JSON-encoded query parameter (jsonQueryParam), for the OpenAPI document. */
export const jsonQueryParams = new WeakMap<object, z.ZodType>();

/** Longest JSON-encoded query parameter accepted (pick: the longest valid audit filter fits). */
const JSON_QUERY_PARAM_MAX = 8_000;

/** A JSON-encoded query parameter (ra-data-simple-rest's sort, range, filter): bad JSON is a 400 like any other invalid value. */
export const jsonQueryParam = <T extends z.ZodType>(value: T) => {
  const param = z
    .string()
    .max(JSON_QUERY_PARAM_MAX)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(value);
  jsonQueryParams.set(param, value);
  return param;
};

/** docs/security.md length caps. */
export const LIMITS = {
  question: 1_000,
  answer: 10_000,
  trigger: 500,
  listItems: 50,
  name: 200,
  search: 200,
  pageSizeMax: 100,
  /** Keeps OFFSET in range whatever page a client asks for (pick). */
  pageMax: 100_000,
  bodyBytes: 256 * 1024,
} as const;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(15),
});

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** GET /api/health/ready: the database answers and has every migration the server bundles. */
export const readinessResponseSchema = z.object({ status: z.literal('ready'), migrations: z.number().int().min(0) });
