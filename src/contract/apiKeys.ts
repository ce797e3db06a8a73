import { z } from 'zod';
import { LIMITS, safeText } from './common';

/**
 * Service keys for the assistant's API (docs/api.md "Assistant API"):
 * POST, GET /api/admin/api-keys and DELETE /api/admin/api-keys/{id}, admin ID token.
 * The secret (`key`) is in the create answer only; it is stored as a hash.
 * metrics:read opens GET /api/metrics (Prometheus' scrape), nothing else.
 */
export const API_KEY_SCOPES = ['config:read', 'sessions:write', 'metrics:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'scak_';
/** Characters of the key shown to admins (the fixed prefix and 7 of the secret). */
export const API_KEY_SHOWN_CHARS = 12;
/** The prefix and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^scak_[A-Za-z0-9_-]{43}$/;

export const apiKeyCreateSchema = z
  .object({
    name: safeText(z.string().trim().min(1, 'Required').max(LIMITS.name, `At most ${LIMITS.name} characters`)),
    scopes: z
      .array(apiKeyScopeSchema)
      .min(1, 'At least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope at most once')
      .meta({ uniqueItems: true }),
  })
  .strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.guid('Not a valid id') });

/** A key as admins see it: never the secret nor its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's first API_KEY_SHOWN_CHARS characters, e.g. "scak_Ab3dE9x". */
  prefix: z.string(),
  createdByUid: z.string(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST answer (201): the key's fields and, this once, the secret. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export const apiKeyCreateResponseSchema = z.object({ success: z.literal(true), data: apiKeyCreatedSchema });
/** GET answer: every key, newest first (a handful: the portal pages them in the browser). */
export const apiKeyListResponseSchema = z.object({ success: z.literal(true), data: z.array(apiKeySchema) });
export const apiKeyResponseSchema = z.object({ success: z.literal(true), data: apiKeySchema });

export const API_KEY_MESSAGES = {
  notFound: 'Service key not found',
  missingKey: 'Authentication required: send a service key as "Authorization: Bearer <key>".',
  invalidKey: 'The service key is not valid or has been revoked.',
  missingScope: (scope: ApiKeyScope) => `This service key lacks the "${scope}" scope.`,
  noScope: 'No service key may use this endpoint.',
} as const;

/** 403 code for a valid key without the route's scope. */
export const INSUFFICIENT_SCOPE = 'INSUFFICIENT_SCOPE';
