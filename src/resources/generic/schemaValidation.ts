import { z, type ZodType } from 'zod';
import type { FieldMeta } from '@/resources/types';

export type FormErrors = Record<string, string>;

/** react-admin's own "Required" message, for a required field left empty. */
const REQUIRED = 'ra.validation.required';

/** The schema the form checks: an object schema narrowed to the writable fields. */
const formSchema = (schema: ZodType, writable: string[]): ZodType => {
  if (!(schema instanceof z.ZodObject)) return schema;
  const keys = writable.filter((key) => key in schema.shape);
  try {
    return schema.pick(Object.fromEntries(keys.map((key) => [key, true])) as Record<string, true>);
  } catch {
    // pick refuses object schemas with refinements; such a schema is checked whole.
    return schema;
  }
};

/**
 * A react-admin form `validate` from the declaration's zod schema: the same schema the
 * server applies (src/contract), checked on the writable fields. Empty inputs count as
 * absent, so an optional field may stay empty and a required one says "Required".
 */
export const schemaValidator = (schema: ZodType | undefined, fields: readonly FieldMeta[]) => {
  if (!schema) return undefined;
  const writable = fields.filter((field) => !field.readOnly).map((field) => field.source);
  const target = formSchema(schema, writable);
  return (values: Record<string, unknown>): FormErrors => {
    const body = Object.fromEntries(
      writable.filter((key) => values[key] !== null && values[key] !== undefined && values[key] !== '').map((key) => [key, values[key]]),
    );
    const result = target.safeParse(body);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      if (typeof field !== 'string' || field in errors) continue;
      errors[field] = body[field] === undefined ? REQUIRED : issue.message;
    }
    return errors;
  };
};
