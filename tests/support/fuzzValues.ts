import { z } from 'zod';
import { inner, isText, jsonTextOf, textRules } from './fuzzSchema';

/**
 * Fixed request values for the route fuzz (docs/security.md "Input"): a schema's smallest
 * valid-looking example, the text fields in which to plant hostile strings, and those strings.
 */

/** Dates a date filter must refuse or survive: years 0000 and 9999, impossible days, out of the calendar. */
export const EDGE_DATES = [
  '0000-01-01',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
  '1969-12-31',
  '2101-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01',
  '2026-01-01T24:00:00Z',
];

/** The smallest valid-looking value: required fields only, enums' first option, lists of one. */
export const example = (schema: z.ZodType, freshEmail: () => string): unknown => {
  const json = jsonTextOf(schema);
  if (json) return JSON.stringify(example(json, freshEmail));
  const wrapped = inner(schema);
  if (wrapped) return example(wrapped, freshEmail);
  if (isText(schema)) {
    const { min, format } = textRules(schema);
    if (format === 'guid' || format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (format === 'email') return freshEmail();
    if (format === 'datetime') return '2026-01-01T00:00:00Z';
    if (format === 'date') return '2026-01-01';
    return 'a'.repeat(Math.max(min, 1));
  }
  if (schema instanceof z.ZodNumber) return Math.min(Math.max(1, schema.minValue ?? 1), schema.maxValue ?? 1);
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return [...schema.values][0];
  if (schema instanceof z.ZodArray) return [example(schema.element as z.ZodType, freshEmail)];
  if (schema instanceof z.ZodTuple) return (schema.def.items as z.ZodType[]).map((item) => example(item, freshEmail));
  if (schema instanceof z.ZodUnion) return example(schema.options[0] as z.ZodType, freshEmail);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(shape)
        .filter(([, field]) => !field.isOptional())
        .map(([key, field]) => [key, example(field, freshEmail)]),
    );
  }
  return null;
};

/** A text field somewhere in a request value, and how to put a string there. */
export interface TextLeaf {
  path: string;
  set(base: unknown, text: string): unknown;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Every free-text field (strings that are not enums), through objects, lists and JSON parameters. */
export const textLeaves = (schema: z.ZodType, freshEmail: () => string, path = ''): TextLeaf[] => {
  const json = jsonTextOf(schema);
  if (json) {
    return textLeaves(json, freshEmail, path).map((leaf) => ({
      path: leaf.path,
      set: (base, text) => JSON.stringify(leaf.set(typeof base === 'string' ? JSON.parse(base) : example(json, freshEmail), text)),
    }));
  }
  const wrapped = inner(schema);
  if (wrapped) return textLeaves(wrapped, freshEmail, path);
  if (isText(schema)) return [{ path, set: (_base, text) => text }];
  if (schema instanceof z.ZodUnion) return textLeaves(schema.options[0] as z.ZodType, freshEmail, path);
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    return textLeaves(element, freshEmail, `${path}[0]`).map((leaf) => ({
      path: leaf.path,
      set: (base, text) => {
        const list = Array.isArray(base) && base.length > 0 ? [...base] : [example(element, freshEmail)];
        list[0] = leaf.set(list[0], text);
        return list;
      },
    }));
  }
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      textLeaves(field, freshEmail, path ? `${path}.${key}` : key).map((leaf) => ({
        path: leaf.path,
        set: (base: unknown, text: string) => {
          const record = asRecord(base);
          return { ...record, [key]: leaf.set(key in record ? record[key] : example(field, freshEmail), text) };
        },
      })),
    );
  }
  return [];
};

/**
 * Strings that are hostile but may be schema-valid: lone surrogates and NUL (PostgreSQL
 * cannot store them), dates PostgreSQL or `Date` cannot handle, emoji, bidi controls,
 * LIKE wildcards, 10 000 characters.
 */
export const HOSTILE_TEXTS = [
  '\uD800',
  'a\uDC00b',
  'question \uDBFF',
  '\u0000',
  'a\u0000b',
  '😀 👍🏽 👨‍👩‍👧',
  '\u202Eevil\u202C',
  '\u200F\u061C مرحبا',
  '\uFEFF\uFFFE\uFFFF',
  'e\u0301\u0301\u0301',
  '%_\\',
  "'; drop table users; --",
  '<img src=x onerror=alert(1)>',
  '\u00A0\u3000',
  'x'.repeat(10_000),
  '😀'.repeat(5_000),
  ...EDGE_DATES.slice(0, 5),
];

/** Bytes in a URL that are not UTF-8 text (a surrogate in WTF-8, an overlong NUL, stray bytes). */
export const RAW_URL_TEXTS = ['%ED%A0%80', '%C0%80', '%FF', '%', '%E0%A4%A', '%00'];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** What a browser sends for text in a URL: lone surrogates become U+FFFD before UTF-8 encoding. */
export const urlText = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
