import fc from 'fast-check';
import { z } from 'zod';
import { checksOf, inner, isText, jsonTextOf, textRules } from './fuzzSchema';
import { EDGE_DATES } from './fuzzValues';

/**
 * Request values generated from a route's own zod schema (docs/security.md "Input"): plausible
 * values, mutations of them that the schema is likely to refuse, and the text fields in which
 * to plant hostile strings. The generators only propose; the route test keeps as "invalid"
 * what `schema.safeParse` refuses, so a generator that is wrong about a rule costs a retry,
 * never a false alarm.
 */

// The fixed values live beside the generators; the route tests import both from here.
export { EDGE_DATES, example, HOSTILE_TEXTS, RAW_URL_TEXTS, type TextLeaf, textLeaves, urlText } from './fuzzValues';

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
