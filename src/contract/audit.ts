import { z } from 'zod';
import { dateFilterSchema, jsonQueryParam, LIMITS, safeText } from './common';

/**
 * GET /api/admin/audit in ra-data-simple-rest's dialect (docs/architecture.md): the query carries
 * JSON-encoded `sort`, `range` and `filter`; the answer is a plain array of records with
 * `Content-Range: audit <start>-<end>/<total>`.
 */
export const AUDIT_SORT_FIELDS = ['id', 'at', 'actorEmail', 'action', 'targetType', 'targetId'] as const;
export const AUDIT_DEFAULT_RANGE: [number, number] = [0, 24];
/** Keeps OFFSET in range whatever a client asks for (pick). */
export const AUDIT_OFFSET_MAX = 1_000_000;
const filterText = (max: number) => safeText(z.string().trim().min(1).max(max));

/**
 * The audit targets whose changes reach the assistant's configuration (GET /api/assistant/config):
 * what a call recorded under an older configuration version did not know yet.
 */
export const CONFIGURATION_TARGET_TYPES = ['objection', 'faq', 'landmine', 'speechRate', 'matching', 'battlecard'] as const;

export const auditFilterSchema = z.strictObject({
  actorEmail: filterText(LIMITS.search).optional(),
  action: filterText(LIMITS.name).optional(),
  /** One target type, or several separated by commas (CONFIGURATION_TARGET_TYPES). */
  targetType: filterText(LIMITS.name).optional(),
  targetId: filterText(LIMITS.name).optional(),
  at_gte: dateFilterSchema.optional(),
  at_lte: dateFilterSchema.optional(),
  /** getMany: the ids react-admin asks for. */
  id: z.array(z.number().int().positive()).max(LIMITS.pageSizeMax).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** ra-data-simple-rest's `range`: [first, last] row, at most a page apart. */
export const simpleRestRangeSchema = z
  .tuple([
    z.number().int().min(0).max(AUDIT_OFFSET_MAX),
    z
      .number()
      .int()
      .min(0)
      .max(AUDIT_OFFSET_MAX + LIMITS.pageSizeMax),
  ])
  .refine(([start, end]) => end >= start, 'The range must end at or after its start')
  .refine(([start, end]) => end - start < LIMITS.pageSizeMax, `At most ${LIMITS.pageSizeMax} records per request`)
  // The two rules above, for the OpenAPI document (docs/api.md "Errors": rules between values).
  .meta({ 'x-ordered': ['0', '1'], 'x-max-span': { from: '0', to: '1', max: LIMITS.pageSizeMax - 1 } });

export const auditListQuerySchema = z.object({
  sort: jsonQueryParam(z.tuple([z.enum(AUDIT_SORT_FIELDS), z.enum(['ASC', 'DESC'])])).default(['at', 'DESC']),
  range: jsonQueryParam(simpleRestRangeSchema).default(AUDIT_DEFAULT_RANGE),
  filter: jsonQueryParam(auditFilterSchema).default({}),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One audit row; `changes` are readable lines, "field: old → new" (the writers never store secrets). */
export const auditRecordSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUid: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  changes: z.array(z.string()),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListResponseSchema = z.array(auditRecordSchema);
