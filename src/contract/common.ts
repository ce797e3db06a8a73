import { z } from 'zod';

/** spec 8, with the request's id (X-Request-Id, the log lines' `reqId`) for the admin to quote. */
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
  versionConflict: 'VERSION_CONFLICT',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  notReady: 'NOT_READY',
  /** A deploy or scale-down: another server, or this one restarted, answers a retry. */
  shuttingDown: 'SHUTTING_DOWN',
} as const;

/** docs/api.md "Versions": optional, so the spec's requests work as before; 0 is the speech-rate settings before any save. */
export const versionSchema = z.number().int().min(0).max(2_147_483_647);

export const VERSION_CONFLICT_MESSAGES = {
  objection: 'Someone else changed this objection since you opened it. Reload to see their version; what you typed is kept.',
  faq: 'Someone else changed this FAQ since you opened it. Reload to see their version; what you typed is kept.',
  landmine: 'Someone else changed this landmine since you opened it. Reload to see their version; what you typed is kept.',
  user: 'Someone else changed this user since you opened it. Reload to see their version; what you typed is kept.',
  speechRate: 'Someone else changed the speech rate settings since you opened them. Reload to see their values; what you typed is kept.',
  matching: 'Someone else changed the matching threshold since you opened it. Reload to see their value; what you chose is kept.',
  callSettings: 'Someone else changed the call settings since you opened them. Reload to see their value; what you typed is kept.',
  targetBands: 'Someone else changed the target bands since you opened them. Reload to see their values; what you typed is kept.',
  record: 'Someone else changed this record since you opened it. Reload to see their version; what you typed is kept.',
} as const;

/** Query booleans are exactly "true" or "false" (z.coerce.boolean would read "false" as true). */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** String.prototype.isWellFormed is ES2024; the portal's TypeScript lib stops at ES2023. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const withoutLoneSurrogates = (value: string): string => value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '');

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/** A pattern, so the OpenAPI document holds the rule too; with `u`, a surrogate pair is one code point. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character refused.
const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u;

export const INVALID_TEXT_MESSAGE = 'Must not contain invalid characters (NUL or unpaired surrogates)';

/**
 * docs/security.md "Input": PostgreSQL refuses NUL in text and lone surrogates in jsonb, and UTF-8 would turn a
 * surrogate into U+FFFD elsewhere. Chain length rules on the argument: `safeText(z.string().trim().min(1).max(200))`.
 */
export const safeText = (schema: z.ZodString = z.string()) => schema.regex(STORABLE_TEXT, INVALID_TEXT_MESSAGE);

/** Outside it PostgreSQL refuses some years (0000) and date arithmetic overflows others (9999-12-31 plus a day). */
export const DATE_FILTER_RANGE = { min: '1970-01-01T00:00:00.000Z', max: '2100-12-31T23:59:59.999Z' } as const;

/** A pattern, so the OpenAPI document holds it; an offset moves a date-time by hours at most, which the range absorbs. */
export const IN_DATE_RANGE_YEAR = /^(?:19[7-9]\d|20\d\d|2100)-/;
export const DATE_RANGE_MESSAGE = `Must be a date between ${DATE_FILTER_RANGE.min.slice(0, 10)} and ${DATE_FILTER_RANGE.max.slice(0, 10)}`;

export const dateFilterSchema = z.union(
  [
    z.iso.datetime({ offset: true }).regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE),
    z.iso.date().regex(IN_DATE_RANGE_YEAR, DATE_RANGE_MESSAGE),
  ],
  {
    error: (issue) =>
      typeof issue.input === 'string' && /^\d{4}-/.test(issue.input) && !IN_DATE_RANGE_YEAR.test(issue.input)
        ? DATE_RANGE_MESSAGE
        : undefined,
  },
);

/** For the OpenAPI document. */
export const jsonQueryParams = new WeakMap<object, z.ZodType>();

/** pick: the longest valid audit filter fits. */
const JSON_QUERY_PARAM_MAX = 8_000;

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

export const LIMITS = {
  question: 1_000,
  answer: 10_000,
  trigger: 500,
  listItems: 50,
  name: 200,
  search: 200,
  pageSizeMax: 100,
  /** Keeps OFFSET in range (pick). */
  pageMax: 100_000,
  bodyBytes: 256 * 1024,
} as const;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(15),
});

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readinessResponseSchema = z.object({ status: z.literal('ready'), migrations: z.number().int().min(0) });
