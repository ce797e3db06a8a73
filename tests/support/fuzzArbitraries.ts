import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request values generated from a route's own zod schema (docs/security.md "Fuzzing"): plausible
 * values, mutations of them that the schema is likely to refuse, and the text fields in which
 * to plant hostile strings. The generators only propose; the route test keeps as "invalid"
 * what `schema.safeParse` refuses, so a generator that is wrong about a rule costs a retry,
 * never a false alarm.
 */

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: RegExp;
}
const checksOf = (schema: z.ZodType): CheckDef[] => (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDef);

const isText = (schema: z.ZodType): schema is z.ZodString | z.ZodStringFormat =>
  schema instanceof z.ZodString || schema instanceof z.ZodStringFormat;

const textRules = (schema: z.ZodString | z.ZodStringFormat) => {
  const checks = checksOf(schema);
  const lengths = (kind: string) => checks.filter((check) => check.check === kind).map((check) => check.maximum ?? check.minimum ?? 0);
  return {
    min: Math.max(0, ...lengths('min_length')),
    max: Math.min(Number.POSITIVE_INFINITY, ...lengths('max_length')),
    format: schema instanceof z.ZodStringFormat ? schema.format : null,
    patterns: checks
      .filter((check) => check.check === 'string_format' && check.format === 'regex' && check.pattern)
      .map((check) => check.pattern as RegExp),
  };
};

/**
 * A query parameter that carries JSON (ra-data-simple-rest's sort, range and filter): text,
 * parsed by a transform, then checked by `out`. Its values are generated as `out` values and
 * sent as JSON text.
 */
const jsonTextOf = (schema: z.ZodType): z.ZodType | null =>
  schema instanceof z.ZodPipe &&
  schema.in instanceof z.ZodPipe &&
  schema.in.out instanceof z.ZodTransform &&
  isText(schema.in.in as z.ZodType) &&
  !(schema.out instanceof z.ZodTransform)
    ? (schema.out as z.ZodType)
    : null;

/** The schema inside optional, nullable, default and non-JSON pipes. */
const inner = (schema: z.ZodType): z.ZodType | null => {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodPipe && !jsonTextOf(schema)) return schema.in as z.ZodType;
  return null;
};

const DAY_MS = 86_400_000;
const saneDate = fc
  .integer({ min: Date.UTC(1971, 0, 1) / DAY_MS, max: Date.UTC(2099, 11, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS));
const saneInstant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms).toISOString());
const localPart = fc.stringMatching(/^[a-z0-9]{1,12}$/);

const validText = (schema: z.ZodString | z.ZodStringFormat): fc.Arbitrary<string> => {
  const { min, max, format, patterns } = textRules(schema);
  if (format === 'guid' || format === 'uuid') return fc.uuid();
  if (format === 'email')
    return fc.tuple(localPart, fc.constantFrom('example.com', 'test.org')).map(([local, domain]) => `${local}@${domain}`);
  if (format === 'datetime') return saneInstant;
  if (format === 'date') return saneDate.map((date) => date.toISOString().slice(0, 10));
  const cap = Math.min(max, Math.max(min, 40));
  if (patterns.length > 0)
    return fc.stringMatching(patterns[0], { size: 'xsmall' }).filter((text) => text.length >= min && text.length <= cap);
  return fc.string({ minLength: Math.max(min, 1), maxLength: cap }).filter((text) => text.trim().length >= min);
};

const numberBounds = (schema: z.ZodNumber) => ({
  min: Math.max(schema.minValue ?? -1e6, -1e6),
  max: Math.min(schema.maxValue ?? 1e6, 1e6),
  isInt: schema.isInt,
});

/** Values of a plausible request: mostly valid, never relied upon to be. */
export const plausible = (schema: z.ZodType): fc.Arbitrary<unknown> => {
  const json = jsonTextOf(schema);
  if (json) return plausible(json).map((value) => JSON.stringify(value));
  const wrapped = inner(schema);
  if (wrapped) return plausible(wrapped);
  if (isText(schema)) return validText(schema);
  if (schema instanceof z.ZodNumber) {
    const { min, max, isInt } = numberBounds(schema);
    return isInt
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...schema.options);
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...schema.values);
  if (schema instanceof z.ZodArray) {
    const max = Math.min(
      3,
      ...checksOf(schema)
        .filter((check) => check.check === 'max_length')
        .map((check) => check.maximum ?? 3),
    );
    return fc.array(plausible(schema.element as z.ZodType), { maxLength: max });
  }
  if (schema instanceof z.ZodTuple) return fc.tuple(...(schema.def.items as z.ZodType[]).map(plausible));
  if (schema instanceof z.ZodUnion) return fc.oneof(...(schema.options as z.ZodType[]).map(plausible));
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    const record = fc.record(Object.fromEntries(keys.map((key) => [key, plausible(shape[key])])), {
      requiredKeys: keys.filter((key) => !shape[key].isOptional()),
    });
    return record.map((value): unknown => value);
  }
  return fc.jsonValue();
};

/** A value of any other type than expected (arrays for scalars, objects, null...). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

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
const NOT_IDS = [
  '0',
  '-1',
  '1e3',
  'null',
  'undefined',
  "' or 1=1 --",
  '00000000-0000-0000-0000-00000000000g',
  '{00000000-0000-0000-0000-000000000000}',
];

const insertAt = (text: string, insert: string, at: number) =>
  text.slice(0, at % (text.length + 1)) + insert + text.slice(at % (text.length + 1));

const badText = (schema: z.ZodString | z.ZodStringFormat): fc.Arbitrary<unknown> => {
  const { min, max, format } = textRules(schema);
  const valid = validText(schema);
  const options: fc.Arbitrary<unknown>[] = [
    wrongType,
    fc.tuple(valid, fc.nat()).map(([text, at]) => insertAt(text, '\u0000', at)),
    fc.tuple(valid, fc.nat(), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF')).map(([text, at, lone]) => insertAt(text, lone, at)),
    fc.integer({ min: 10_001, max: 30_000 }).map((length) => 'x'.repeat(length)),
    fc.string({ maxLength: 30 }),
  ];
  if (Number.isFinite(max)) options.push(fc.integer({ min: max + 1, max: max + 50 }).map((length) => 'y'.repeat(length)));
  if (min > 0) options.push(fc.constantFrom('', ' ', '\t\n '));
  if (format === 'guid' || format === 'uuid') {
    options.push(
      fc.constantFrom(...NOT_IDS),
      fc.uuid().map((id) => id.slice(1)),
      fc.uuid().map((id) => `${id}0`),
      fc.uuid().map((id) => id.replaceAll('-', '')),
    );
  }
  if (format === 'datetime' || format === 'date') options.push(fc.constantFrom(...EDGE_DATES));
  if (format === 'email') options.push(fc.constantFrom('a@b', '@example.com', 'a@@example.com', 'a b@example.com'));
  return fc.oneof(...options);
};

const badNumber = (schema: z.ZodNumber): fc.Arbitrary<unknown> => {
  const min = schema.minValue ?? Number.NEGATIVE_INFINITY;
  const max = schema.maxValue ?? Number.POSITIVE_INFINITY;
  const edges = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_VALUE];
  if (Number.isFinite(min)) edges.push(min - 1);
  if (Number.isFinite(max)) edges.push(max + 1);
  const options: fc.Arbitrary<unknown>[] = [
    wrongType,
    fc.constantFrom(...edges),
    fc.constantFrom('abc', '', ' ', '1.5', '0x10', 'Infinity', '1e400', '-0.5'),
  ];
  if (schema.isInt) options.push(fc.double({ noInteger: true, noNaN: true }));
  return fc.oneof(...options);
};

const badEnum = (values: readonly unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    wrongType,
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...values.map((value) => String(value).toUpperCase()), ...values.map((value) => ` ${String(value)}`)),
  );

/** An object with one field mutated, one required field missing, or an unknown field. */
const badObject = (schema: z.ZodObject): fc.Arbitrary<unknown> => {
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const base = plausible(schema).map((value) => value as Record<string, unknown>);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: wrongType.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]) => ({ ...value, [key]: extra })),
    },
  ];
  if (keys.length > 0) {
    options.push(
      {
        weight: 6,
        arbitrary: fc
          .constantFrom(...keys)
          .chain((key) => fc.tuple(base, mutated(shape[key])).map(([value, bad]) => ({ ...value, [key]: bad }))),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...keys))
          .map(([value, key]) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key))),
      },
    );
  }
  return fc.oneof(...options);
};

/** Values the schema is likely to refuse: wrong types, out of range, too long, NUL, lone surrogates, bad dates and ids. */
export const mutated = (schema: z.ZodType): fc.Arbitrary<unknown> => {
  const json = jsonTextOf(schema);
  if (json) {
    return fc.oneof(
      mutated(json).map((value) => JSON.stringify(value) ?? ''),
      fc.constantFrom('{', '[1,', 'undefined', "{'a':1}", '{"__proto__":{"x":1}}', ''),
      fc.integer({ min: 2_001, max: 5_000 }).map((length) => JSON.stringify('z'.repeat(length))),
    );
  }
  // null is not "left out": an optional or defaulted field must still refuse it.
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return fc.oneof(mutated(schema.unwrap() as z.ZodType), fc.constant(null));
  const wrapped = inner(schema);
  if (wrapped) return mutated(wrapped);
  if (isText(schema)) return badText(schema);
  if (schema instanceof z.ZodNumber) return badNumber(schema);
  if (schema instanceof z.ZodBoolean) return fc.oneof(wrongType, fc.constantFrom('true', 'false', 0, 1, 'yes'));
  if (schema instanceof z.ZodEnum) return badEnum(schema.options);
  if (schema instanceof z.ZodLiteral) return badEnum([...schema.values]);
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    const max = Math.min(
      1_000,
      ...checksOf(schema)
        .filter((check) => check.check === 'max_length')
        .map((check) => check.maximum ?? 1_000),
    );
    return fc.oneof(
      wrongType.filter((value) => !Array.isArray(value)),
      fc.tuple(fc.array(plausible(element), { maxLength: 2 }), mutated(element)).map(([valid, bad]) => [...valid, bad]),
      fc
        .tuple(plausible(element), fc.integer({ min: 1, max: 20 }))
        .map(([value, extra]) => Array.from({ length: max + extra }, () => value)),
    );
  }
  if (schema instanceof z.ZodTuple) {
    const items = schema.def.items as z.ZodType[];
    return fc.oneof(
      wrongType,
      plausible(schema).map((value) => [...(value as unknown[]), 1]),
      plausible(schema).map((value) => (value as unknown[]).slice(1)),
      fc
        .constantFrom(...items.keys())
        .chain((index) =>
          fc
            .tuple(plausible(schema), mutated(items[index]))
            .map(([value, bad]) => (value as unknown[]).map((item, at) => (at === index ? bad : item))),
        ),
    );
  }
  if (schema instanceof z.ZodUnion) return fc.oneof(...(schema.options as z.ZodType[]).map(mutated));
  if (schema instanceof z.ZodObject) return badObject(schema);
  return wrongType;
};

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
