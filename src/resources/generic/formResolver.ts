import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/** A react-admin message with its arguments, as its inputs read one from a resolver (ValidationError). */
const raMessage = (message: string, args?: Record<string, unknown>) => `@@react-admin@@${JSON.stringify({ message, args })}`;

/**
 * The schema's rules worded by react-admin's catalogue (both languages): an empty required text
 * or a missing value, too long, too small, too large; any other rule keeps the schema's message.
 */
const formErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return raMessage('ra.validation.required');
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return raMessage('ra.validation.required');
  if (issue.code === 'too_small' && issue.origin === 'string') return raMessage('ra.validation.minLength', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'string') return raMessage('ra.validation.maxLength', { max: Number(issue.maximum) });
  if (issue.code === 'too_small' && issue.origin === 'number') return raMessage('ra.validation.minValue', { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'number') return raMessage('ra.validation.maxValue', { max: Number(issue.maximum) });
  return undefined;
};

/**
 * The form's resolver from the declaration's schema: it checks what is typed by the contract's
 * rules and gives the body saved (the schema's keys only: the record's id and dates stay out).
 */
export const formResolverOf = (schema: z.ZodObject) => zodResolver(z.object(schema.shape), { error: formErrors });
