import fc from 'fast-check';

/**
 * Valid values from the document's JSON Schemas (2020-12, as OpenAPI 3.1 has them) as fast-check
 * arbitraries, so a seed replays the same requests. Only what the published document says is used: a
 * value that satisfies the schema may still be refused by a rule the schema cannot say (a date in the
 * past), and that is fine — the answer must then be a documented refusal.
 */

export type JsonSchema = { [key: string]: unknown };

/** Looks up a local `#/…` reference in the document. */
export type Resolve = (ref: string) => JsonSchema;

/** Longest array and number of optional dictionary keys we make: enough to exercise, small enough to send. */
const MAX_ITEMS = 4;
/** A string with no stated bound stays short: long strings are the broken requests' job. */
const DEFAULT_MAX_LENGTH = 40;

export function arbitraryFor(schema: unknown, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined || depth > 12) return fc.string({ maxLength: 8 });
  if (schema === false) return fc.constant(null);
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') {
    const { $ref, ...rest } = s;
    return arbitraryFor({ ...resolve($ref), ...rest }, resolve, depth + 1);
  }
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.allOf)) return arbitraryFor(mergeAll(s, s.allOf as JsonSchema[], resolve), resolve, depth + 1);
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    return fc.oneof(...alternatives.map((alt) => arbitraryFor({ ...rest, ...alt }, resolve, depth + 1)));
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...s, type }, resolve, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberFor(s, types[0] === 'integer');
    case 'string':
      return stringFor(s);
    case 'array':
      return arrayFor(s, resolve, depth);
    case 'object':
      return objectFor(s, resolve, depth);
    default:
      return fc.string({ maxLength: 8 });
  }
}

/** The schema's types; with none stated, guessed from its keywords (`properties` means an object). */
export function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (s.properties || s.additionalProperties || s.required) return ['object'];
  if (s.items || s.prefixItems) return ['array'];
  if (s.pattern || s.format || s.minLength !== undefined || s.maxLength !== undefined) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined) return ['number'];
  return [];
}

function mergeAll(base: JsonSchema, parts: JsonSchema[], resolve: Resolve): JsonSchema {
  const { allOf: _ignored, ...rest } = base;
  let merged: JsonSchema = rest;
  for (const raw of parts) {
    const part = typeof raw.$ref === 'string' ? { ...resolve(raw.$ref), ...raw, $ref: undefined } : raw;
    merged = {
      ...merged,
      ...part,
      properties: { ...(merged.properties as object), ...(part.properties as object) },
      required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
    };
    delete merged.$ref;
  }
  return merged;
}

function numberFor(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // zod writes ±MAX_SAFE_INTEGER for an unbounded int; small values are what a real client sends.
  let min = typeof s.minimum === 'number' ? s.minimum : -1000;
  let max = typeof s.maximum === 'number' ? s.maximum : 1000;
  if (typeof s.exclusiveMinimum === 'number') min = integer ? Math.floor(s.exclusiveMinimum) + 1 : s.exclusiveMinimum;
  if (typeof s.exclusiveMaximum === 'number') max = integer ? Math.ceil(s.exclusiveMaximum) - 1 : s.exclusiveMaximum;
  // Stay near the small end of a huge range (quantities, pence), with the bounds themselves sometimes.
  const near = Math.min(max, Math.max(min, 0) + 1000);
  const step = typeof s.multipleOf === 'number' ? s.multipleOf : undefined;
  const base = integer
    ? fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(near) }),
        fc.constantFrom(Math.ceil(min), Math.floor(max)),
      )
    : fc.double({
        min,
        max: near,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: s.exclusiveMinimum !== undefined,
        maxExcluded: s.exclusiveMaximum !== undefined,
      });
  return step ? base.map((n) => Math.round(n / step) * step) : base;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A day from a month ago to three months ahead: what a booking client sends (so a replay is for the same day). */
const nearDay = () => fc.integer({ min: -30, max: 90 }).map((d) => new Date(Date.now() + d * DAY_MS));

/**
 * Shapes real clients send, offered first to a pattern: a real date near today says more about the server
 * than a random match of \d{4}-\d{2}-\d{2} (month 87) that it refuses at once.
 */
const realShapes = (): fc.Arbitrary<string> =>
  fc.oneof(
    nearDay().map((d) => d.toISOString().slice(0, 10)),
    nearDay().map((d) => d.toISOString()),
    fc.tuple(fc.integer({ min: 9, max: 18 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${pad(h)}:${pad(m)}`),
    fc.uuid({ version: 4 }),
    fc.emailAddress(),
    fc.stringMatching(/^0\d{10}$/),
    fc.integer({ min: 0, max: 999 }).map(String),
  );

const formats: Record<string, () => fc.Arbitrary<string>> = {
  uuid: () => fc.uuid({ version: 4 }),
  email: () => fc.emailAddress(),
  'date-time': () =>
    fc
      .oneof(
        nearDay(),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
      )
      .map((d) => d.toISOString()),
  date: () =>
    fc
      .oneof(
        nearDay(),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
      )
      .map((d) => d.toISOString().slice(0, 10)),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
};

function stringFor(s: JsonSchema): fc.Arbitrary<string | undefined> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  // Never fast-check's filter (it retries for ever when nothing fits): a misfit becomes `undefined`,
  // which fails the caller's schema check, and that request is not sent.
  const fitting = (v: string) => {
    const length = [...v].length;
    return length >= minLength && (maxLength === undefined || length <= maxLength) ? v : undefined;
  };
  const format = typeof s.format === 'string' ? formats[s.format] : undefined;
  if (typeof s.pattern === 'string') {
    // A pattern says most; a format beside it (zod writes both for a uuid) must agree with it.
    const pattern = new RegExp(s.pattern, 'u');
    // A pattern with a length bound (a phone number of 10 to 30 characters): the first of a few candidates that fits.
    const firstFitting = (candidates: fc.Arbitrary<string>) =>
      fc
        .array(candidates, { minLength: 12, maxLength: 12 })
        .map((list) => list.find((v) => pattern.test(v) && fitting(v) !== undefined));
    const shaped = firstFitting(format ? format() : realShapes());
    const random = firstFitting(
      fc.oneof(
        ...(['small', 'medium', 'large'] as const).map((size) =>
          fc.stringMatching(new RegExp(s.pattern as string), { size }),
        ),
      ),
    );
    // Three in four from the real shapes when one fits the pattern, the rest anything the pattern allows.
    return fc.tuple(shaped, random, fc.nat(3)).map(([real, any, die]) => (die === 0 ? (any ?? real) : (real ?? any)));
  }
  if (format) return format().map(fitting);
  const max = Math.min(maxLength ?? DEFAULT_MAX_LENGTH, Math.max(minLength, DEFAULT_MAX_LENGTH));
  // A grapheme can be several code points, and the schema counts code points: cut to length, then check.
  return fc
    .oneof(fc.string({ minLength, maxLength: max }), fc.string({ minLength, maxLength: max, unit: 'grapheme' }))
    .map((v) => fitting([...v].slice(0, maxLength ?? max).join('')));
}

function arrayFor(s: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
  const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : MAX_ITEMS, MAX_ITEMS));
  const item = arbitraryFor(s.items ?? true, resolve, depth + 1);
  if (s.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(item, { minLength, maxLength });
}

function objectFor(s: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(properties)) model[name] = arbitraryFor(prop, resolve, depth + 1);
  // A required key the schema lists but does not describe still has to be there.
  for (const name of required) model[name] ??= fc.string({ maxLength: 8 });
  const fixed = fc.record(model, { requiredKeys: [...required] });
  const extra = s.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return fixed;
  // A dictionary (z.record): keys from propertyNames when it says, values from additionalProperties.
  const keys = s.propertyNames
    ? (arbitraryFor(s.propertyNames, resolve, depth + 1) as fc.Arbitrary<string>)
    : fc.string({ minLength: 1, maxLength: 12 });
  const minKeys = typeof s.minProperties === 'number' ? s.minProperties : 0;
  return fc.dictionary(keys, arbitraryFor(extra, resolve, depth + 1), {
    minKeys,
    maxKeys: Math.max(minKeys, MAX_ITEMS),
  });
}

/** `count` values for one schema from one seed: the same seed gives the same values. */
export function sampleValues(schema: unknown, resolve: Resolve, seed: number, count: number): unknown[] {
  return fc.sample(arbitraryFor(schema, resolve), { seed, numRuns: count });
}

/** A stable 31-bit number from a string, to give each operation its own seed derived from the run's. */
export function seedFor(runSeed: number, name: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h & 0x7fffffff;
}
