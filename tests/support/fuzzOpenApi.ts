import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { IN_DATE_RANGE_YEAR } from '../../src/contract/common';
import { EDGE_DATES, HOSTILE_TEXTS } from './fuzzValues';

/**
 * Requests generated from the OpenAPI document alone (tests/api/openapiContract.test.ts): values
 * a schema of the document allows, mutations of them, and the document's own judgement of a
 * value, with its rules between values (x-ordered, x-max-span; docs/api.md "Errors").
 */

export type JsonSchema = Record<string, unknown>;

const DAY_MS = 86_400_000;
const YEAR_PATTERN = IN_DATE_RANGE_YEAR.source;
/** The patterns that only narrow text (no NUL or lone surrogate; something after trimming), not shape it. */
const isNarrowing = (pattern: string) => pattern === YEAR_PATTERN || pattern.startsWith('^[^\\u0000') || pattern.startsWith('\\S');

const patternsOf = (schema: JsonSchema): string[] => [
  ...(typeof schema.pattern === 'string' ? [schema.pattern] : []),
  ...((schema.allOf as JsonSchema[] | undefined) ?? []).flatMap(patternsOf),
];

const saneInstant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms));
const offsets = fc.constantFrom('Z', '+00:00', '+05:30', '-08:00', '.123Z');

/** Text a string schema allows, from its shaping pattern (dates, ids, emails...) or any text otherwise. */
const text = (schema: JsonSchema): fc.Arbitrary<string> => {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? 60, 60, Math.max(min, 60));
  const patterns = patternsOf(schema);
  const shape = patterns.find((pattern) => !isNarrowing(pattern));
  const fits = (value: string) => patterns.every((pattern) => new RegExp(pattern, 'u').test(value));
  if (shape?.includes('T(?:')) {
    return fc
      .tuple(saneInstant, offsets)
      .map(([at, offset]) => at.toISOString().slice(0, 19) + (offset === '.123Z' ? offset : offset === 'Z' ? 'Z' : offset));
  }
  if (shape?.includes('02-29')) return saneInstant.map((at) => at.toISOString().slice(0, 10));
  if (shape?.includes('[0-9a-fA-F]{8}')) return fc.uuid();
  if (shape?.includes('@')) return fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => `${local}@example.com`);
  const candidates = shape
    ? fc.stringMatching(new RegExp(shape, 'u'), { size: 'xsmall' })
    : fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }));
  return candidates.filter((value) => value.length >= min && value.length <= ((schema.maxLength as number) ?? Infinity) && fits(value));
};

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

const numberOf = (schema: JsonSchema): fc.Arbitrary<number> => {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  if (schema.type === 'integer') {
    const min = (schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -1e6);
    const max = (schema.maximum as number | undefined) ?? (exclusiveMax !== undefined ? exclusiveMax - 1 : 1e6);
    const inner = fc.integer({ min: Math.max(min, INT32.min), max: Math.min(max, INT32.max) });
    return min < INT32.min || max > INT32.max ? fc.oneof(inner, fc.constantFrom(min, max)) : inner;
  }
  const min = (schema.minimum as number | undefined) ?? exclusiveMin ?? -1e6;
  const max = (schema.maximum as number | undefined) ?? exclusiveMax ?? 1e6;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter((value) => value !== exclusiveMin && value !== exclusiveMax && !Object.is(value, -0));
};

/** A generator of values `schema` allows (refs resolved in `root`); the caller still checks them with `judge`. */
export const allowedValue = (schema: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> => {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as JsonSchema)[key], root) as JsonSchema;
    return allowedValue(target, root);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => allowedValue(branch, root)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => allowedValue({ ...schema, type }, root)));
  switch (schema.type) {
    case 'string':
      return text(schema);
    case 'integer':
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(schema.prefixItems))
        return fc.tuple(...(schema.prefixItems as JsonSchema[]).map((item) => allowedValue(item, root)));
      const item = allowedValue((schema.items as JsonSchema | undefined) ?? {}, root);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 3, 3));
      const selector = schema['x-unique-ignoring-case']
        ? (value: unknown) => JSON.stringify(value).toLowerCase()
        : (value: unknown) => JSON.stringify(value);
      return schema.uniqueItems ? fc.uniqueArray(item, { minLength, maxLength, selector }) : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, allowedValue(value, root)])), {
        requiredKeys: required.filter((key) => key in properties),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
};

/** A value of another type than expected, or text no schema of the API allows. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(1.5, -1, 2 ** 53, 1e308),
  fc.constantFrom(...HOSTILE_TEXTS, ...EDGE_DATES, '', ' '),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** One mutation of a valid value: a field replaced, removed or added, or the whole value replaced. */
export const mutationOf = (value: unknown): fc.Arbitrary<unknown> => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const options: fc.Arbitrary<unknown>[] = [
      wrongValue,
      fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), wrongValue).map(([key, extra]) => ({ ...record, [key]: extra })),
    ];
    if (keys.length > 0) {
      options.push(
        fc.tuple(fc.constantFrom(...keys), wrongValue).map(([key, bad]) => ({ ...record, [key]: bad })),
        fc.constantFrom(...keys).chain((key) => mutationOf(record[key]).map((bad) => ({ ...record, [key]: bad }))),
        fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([name]) => name !== key))),
      );
    }
    return fc.oneof(...options);
  }
  if (Array.isArray(value)) {
    return fc.oneof(
      wrongValue,
      fc.constant([]),
      fc.integer({ min: 101, max: 600 }).map((length) => Array.from({ length }, () => value[0] ?? 1)),
      value.length > 0 ? mutationOf(value[0]).map((bad) => [bad, ...value.slice(1)]) : wrongValue,
    );
  }
  if (typeof value === 'string') {
    return fc.oneof(
      wrongValue,
      fc.integer({ min: 201, max: 12_000 }).map((length) => value.padEnd(length, 'x')),
      fc.constantFrom(`${value}\u0000`, `\uD800${value}`, ` ${value}`, value.toUpperCase(), value.slice(1)),
    );
  }
  if (typeof value === 'number') return fc.oneof(wrongValue, fc.constantFrom(value + 0.5, -value - 1, value * 1e12, String(value)));
  return wrongValue;
};

/**
 * The document's judgement of values (JSON Schema 2020-12, OpenAPI 3.1), with the rules between
 * values it writes as x-ordered (the first is not after the second; an absent or null one is open) and x-max-span (the second
 * at most `max` after the first, in days for dates), and x-unique-ignoring-case (no two items
 * that differ only in case).
 */
export const createJudge = (components: JsonSchema) => {
  const ajv = new Ajv2020({ strict: false, allErrors: false, unicodeRegExp: true });
  addFormats(ajv);
  // As JSON Schema's own object keywords, these rules judge objects only: a null or a string is the type's to refuse.
  const read = (data: unknown, key: string) =>
    data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  const measure = (value: unknown, unit: unknown) => (unit === 'day' ? Date.parse(String(value)) / DAY_MS : Number(value));
  ajv.addKeyword({
    keyword: 'x-ordered',
    validate: ([first, second]: [string, string], data: unknown) => {
      const [a, b] = [read(data, first), read(data, second)];
      return a == null || b == null || (typeof a === 'number' ? a <= (b as number) : String(a) <= String(b));
    },
  });
  ajv.addKeyword({
    keyword: 'x-max-span',
    validate: (rule: { from: string; to: string; max: number; unit?: string }, data: unknown) => {
      const [a, b] = [read(data, rule.from), read(data, rule.to)];
      return a === undefined || b === undefined || measure(b, rule.unit) - measure(a, rule.unit) <= rule.max;
    },
  });
  ajv.addKeyword({
    keyword: 'x-unique-ignoring-case',
    validate: (on: boolean, data: unknown) =>
      !on || !Array.isArray(data) || new Set(data.map((item) => JSON.stringify(item).toLowerCase())).size === data.length,
  });
  const compiled = new Map<string, ValidateFunction>();
  /** Whether `value` is valid by `schema`, and why not. */
  return (schema: JsonSchema, value: unknown): { valid: boolean; errors: string } => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...schema, components });
      compiled.set(key, validate);
    }
    const valid = validate(value);
    return { valid, errors: valid ? '' : ajv.errorsText(validate.errors) };
  };
};
