/**
 * fast-check arbitraries for the fuzz suite (fuzz.test.ts), derived from the OpenAPI document's JSON schemas
 * (OpenAPI 3.0 as @fastify/swagger writes it from the zod contracts): values the schema accepts, known good
 * values by name (so requests reach deep code: the test's own order, its lines, the menu's keys), and hostile
 * values at every node (wrong types, boundaries, huge and unicode strings, NUL bytes, deep nesting).
 */
import fc from 'fast-check';

/** The part of JSON Schema the document's parameters and request bodies use. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

/** Known good values by parameter or property name. */
export type Known = Record<string, readonly (string | number)[]>;

const INT32_MAX = 2 ** 31 - 1;

/** Numbers at the edges: int4 and int8 columns, safe integers, doubles. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  INT32_MAX,
  INT32_MAX + 1,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Strings that have broken parsers before: numbers and dates out of range, NUL, bad encodings, unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '18446744073709551616',
  '1.5',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  '9999-12-31',
  '10000-01-01',
  '0000-00-00',
  '0001-01-01',
  '2024-02-30',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-13-01T25:61:00Z',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx\uD800',
  '𝕏🍔👩‍👩‍👧‍👦'.repeat(60),
  '\u202Eevil\u202C',
  '\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  `e${'\u0301'.repeat(300)}`,
  '\u200B\uFEFF\u2028\u2029',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\\',
  '"',
  'a'.repeat(201),
  'a'.repeat(5000),
];

/**
 * UTF-16 a JSON body can carry (as \u escapes) but Unicode calls malformed: a lone high surrogate, a lone low
 * one, a reversed pair; and NUL. PostgreSQL stores none of them (a jsonb column refused a lone surrogate: 500).
 */
export const MALFORMED_UNITS: readonly string[] = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uDC00\uD800',
  '\u0000',
];

/**
 * `text` with one to three malformed units inserted at drawn places (start, middle, end): a string that
 * otherwise looks like what the field expects, so that it passes the cheap checks and reaches the code behind.
 */
export function withMalformedUnits(text: string): fc.Arbitrary<string> {
  const insertion = fc.tuple(fc.nat({ max: text.length }), fc.constantFrom(...MALFORMED_UNITS));
  return fc
    .array(insertion, { minLength: 1, maxLength: 3 })
    .map((insertions) =>
      insertions
        .sort(([a], [b]) => b - a)
        .reduce((result, [at, unit]) => result.slice(0, at) + unit + result.slice(at), text),
    );
}

/** A value nested `depth` arrays deep. */
export function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
);

/** A value of any type the field does not expect, or at an edge of the one it does. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      nestedArrays(200),
      Array.from({ length: 2000 }, () => 1),
    ),
  },
  { weight: 1, arbitrary: fc.constant('x'.repeat(100_000)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }));
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true;
  const exclusiveMax = schema.exclusiveMaximum === true;
  let min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  let max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  if (integer) {
    min = Math.ceil(
      (min ?? -INT32_MAX) + (exclusiveMin || typeof schema.exclusiveMinimum === 'number' ? 1 : 0),
    );
    max = Math.floor(
      (max ?? INT32_MAX) - (exclusiveMax || typeof schema.exclusiveMaximum === 'number' ? 1 : 0),
    );
    if (min > max) return fc.constant(min);
    // fc.integer is 32-bit: wider ranges (int8 columns) through bigint.
    return min >= -INT32_MAX && max <= INT32_MAX
      ? fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max))
      : fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  }
  return fc.double({
    min: min ?? -1e6,
    max: max ?? 1e6,
    minExcluded: exclusiveMin,
    maxExcluded: exclusiveMax,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

export interface ArbitraryOptions {
  known: Known;
  /** Mix hostile values in at every node (false: values the schema accepts, for the regression table). */
  hostile: boolean;
}

/** An arbitrary of the values `schema` describes; `name` is the parameter or property name. */
export function arbitraryOf(
  schema: JsonSchema,
  name: string | null,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  const valid = validArbitraryOf(schema, name, options);
  if (!options.hostile) return valid;
  // Text fields also get a value of their own shape with malformed Unicode mixed in.
  const malformed =
    schema.type === 'string' && !schema.enum
      ? [{ weight: 1, arbitrary: valid.chain((value) => withMalformedUnits(String(value))) }]
      : [];
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }, ...malformed);
}

function validArbitraryOf(
  schema: JsonSchema,
  name: string | null,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  const known = name ? options.known[name] : undefined;
  const own = shapeOf(schema, options);
  const withKnown =
    known && known.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own })
      : own;
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: withKnown }, { weight: 1, arbitrary: fc.constant(null) })
    : withKnown;
}

function shapeOf(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => validArbitraryOf(s, null, options)));
  }
  if (schema.allOf?.[0]) return validArbitraryOf(schema.allOf[0], null, options);
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(
        schema.items ? arbitraryOf(schema.items, null, options) : fc.jsonValue({ maxDepth: 2 }),
        {
          minLength,
          maxLength,
        },
      );
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties))
        model[key] = arbitraryOf(property, key, options);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The paths of every string-typed leaf of `schema` (object properties and array items), for the NUL table. */
export function stringLeaves(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) {
    const leaves = alternatives.flatMap((s) => stringLeaves(s, path));
    return [...new Map(leaves.map((leaf) => [leaf.join('.'), leaf])).values()];
  }
  if (schema.type === 'string' && !schema.enum) return [path];
  if (schema.type === 'array' && schema.items) return stringLeaves(schema.items, [...path, 0]);
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, s]) => stringLeaves(s, [...path, key]));
  }
  return [];
}
