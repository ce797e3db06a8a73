import { z } from 'zod';
import { LIMITS, safeText } from './common';

/** docs/api.md "Assistant API": the secret is in the create answer only and stored as a hash. */
export const API_KEY_SCOPES = ['config:read', 'sessions:write', 'metrics:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** A leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'scak_';
export const API_KEY_SHOWN_CHARS = 12;
/** 32 random bytes. */
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

/** Never the secret nor its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  prefix: z.string(),
  createdByUid: z.string(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export const apiKeyCreateResponseSchema = z.object({ success: z.literal(true), data: apiKeyCreatedSchema });
/** A handful: the portal pages them in the browser. */
export const apiKeyListResponseSchema = z.object({ success: z.literal(true), data: z.array(apiKeySchema) });
export const apiKeyResponseSchema = z.object({ success: z.literal(true), data: apiKeySchema });

export const API_KEY_MESSAGES = {
  notFound: 'Service key not found',
  missingKey: 'Authentication required: send a service key as "Authorization: Bearer <key>".',
  invalidKey: 'The service key is not valid or has been revoked.',
  missingScope: (scope: ApiKeyScope) => `This service key lacks the "${scope}" scope.`,
  noScope: 'No service key may use this endpoint.',
} as const;

export const INSUFFICIENT_SCOPE = 'INSUFFICIENT_SCOPE';
