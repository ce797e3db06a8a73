import { z } from 'zod';

/** What the fuzz generators read off a zod schema: its checks, text rules, JSON-text parameters and wrappers. */

export interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: RegExp;
}
export const checksOf = (schema: z.ZodType): CheckDef[] => (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDef);

export const isText = (schema: z.ZodType): schema is z.ZodString | z.ZodStringFormat =>
  schema instanceof z.ZodString || schema instanceof z.ZodStringFormat;

export const textRules = (schema: z.ZodString | z.ZodStringFormat) => {
  const checks = checksOf(schema);
  const lengths = (kind: string) => checks.filter((check) => check.check === kind).map((check) => check.maximum ?? check.minimum ?? 0);
  return {
    min: Math.max(0, ...lengths('min_length')),
    max: Math.min(Number.POSITIVE_INFINITY, ...lengths('max_length')),
    format: schema instanceof z.ZodStringFormat ? schema.format : null,
    // Shaping patterns only: safeText's (no NUL, no lone surrogate) narrows any text and shapes none.
    patterns: checks
      .filter((check) => check.check === 'string_format' && check.format === 'regex' && check.pattern)
      .map((check) => check.pattern as RegExp)
      .filter((pattern) => !pattern.source.startsWith('^[^\\u0000')),
  };
};

/**
 * A query parameter that carries JSON (ra-data-simple-rest's sort, range and filter): text,
 * parsed by a transform, then checked by `out`. Its values are generated as `out` values and
 * sent as JSON text.
 */
export const jsonTextOf = (schema: z.ZodType): z.ZodType | null =>
  schema instanceof z.ZodPipe &&
  schema.in instanceof z.ZodPipe &&
  schema.in.out instanceof z.ZodTransform &&
  isText(schema.in.in as z.ZodType) &&
  !(schema.out instanceof z.ZodTransform)
    ? (schema.out as z.ZodType)
    : null;

/** The schema inside optional, nullable, default and non-JSON pipes. */
export const inner = (schema: z.ZodType): z.ZodType | null => {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe && !jsonTextOf(schema)) return schema.in as z.ZodType;
  return null;
};
