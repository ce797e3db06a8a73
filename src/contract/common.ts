import { z } from 'zod';

/** spec 8: every API error carries an error code and a human message. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
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
} as const;

/** Query booleans are exactly "true" or "false" (z.coerce.boolean would read "false" as true). */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** SECURITY.md length caps. */
export const LIMITS = {
  question: 1_000,
  answer: 10_000,
  trigger: 500,
  listItems: 50,
  name: 200,
  search: 200,
  pageSizeMax: 100,
  bodyBytes: 256 * 1024,
} as const;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(15),
});

export const healthResponseSchema = z.object({ status: z.literal('ok') });
