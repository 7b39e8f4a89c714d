import { sampleValues, seedFor, typesOf, type JsonSchema } from './generate';
import type { AnswerChecker, Operation, ParameterObject } from './validate';

/**
 * The requests made for one operation: valid ones from its documented parameter and body schemas, and
 * broken ones (wrong types, missing fields, over-long strings, negative numbers, garbage path values,
 * wrong content types). Both from the run's seed, so a failure replays with `--seed`.
 */

export type FuzzRequest = {
  /** What this request is, for the report: "valid #2", "broken: missing body field email". */
  kind: string;
  method: string;
  /** The path with its parameters filled and escaped. */
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string | FormData;
};

type Values = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** undefined: no body at all. */
  body?: unknown;
};

const jsonType = 'application/json';
/** Over the server's body limit and any documented maxLength, under what a loopback request handles quickly. */
const LONG = 'x'.repeat(70_000);

const paramsOf = (op: Operation): ParameterObject[] => op.object.parameters ?? [];
const bodyMediaType = (op: Operation): string | undefined => Object.keys(op.object.requestBody?.content ?? {})[0];

/** Header values must be visible ISO-8859-1 without line breaks, or fetch refuses to send them at all. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, '?');

function encodeValue(v: unknown): string {
  if (typeof v === 'string') return v;
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** A 1×1 PNG, the smallest file a photo field takes. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipartOf(schema: JsonSchema | undefined, body: unknown): FormData {
  const form = new FormData();
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const prop = properties[name] ?? {};
    if (prop.contentMediaType || prop.format === 'binary')
      form.append(name, new Blob([tinyPng], { type: 'image/png' }), 'photo.png');
    else form.append(name, encodeValue(value));
  }
  return form;
}

/** Builds the HTTP request for a set of values; `contentType`/`rawBody` override the documented body. */
export function requestOf(
  op: Operation,
  kind: string,
  values: Values,
  opts: { contentType?: string; rawBody?: string } = {},
): FuzzRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values.path[name];
    // A value given pre-escaped (garbage such as a lone %) is sent as it is.
    return typeof v === 'object' && v !== null && 'raw' in v
      ? String((v as { raw: string }).raw)
      : encodeURIComponent(encodeValue(v));
  });
  const query: [string, string][] = [];
  for (const [name, v] of Object.entries(values.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) query.push([name, encodeValue(item)]);
  }
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(values.header))
    if (v !== undefined) headers[name] = headerSafe(encodeValue(v));
  const request: FuzzRequest = { kind, method: op.method.toUpperCase(), path, query, headers };
  const mediaType = bodyMediaType(op);
  if (opts.rawBody !== undefined) {
    request.body = opts.rawBody;
    if (opts.contentType) headers['content-type'] = opts.contentType;
  } else if (values.body !== undefined) {
    if (mediaType === 'multipart/form-data' && !opts.contentType) {
      request.body = multipartOf(op.object.requestBody?.content[mediaType]?.schema, values.body);
    } else {
      request.body = JSON.stringify(values.body);
      headers['content-type'] = opts.contentType ?? jsonType;
    }
  }
  return request;
}

/** Up to `count` sets of valid values; each is checked against the document's own schemas before use. */
export function validValues(op: Operation, checker: AnswerChecker, seed: number, count: number): Values[] {
  const sets: Values[] = Array.from({ length: count }, () => ({ path: {}, query: {}, header: {} }));
  paramsOf(op).forEach((param, index) => {
    if (param.in === 'cookie') return;
    const samples = sampleValues(param.schema ?? {}, checker.resolve, seedFor(seed, `${op.id}:${param.name}`), count);
    samples.forEach((value, i) => {
      // Optional parameters are left out of every other request, so both shapes are tried.
      if (!param.required && (i + index) % 2 === 1) return;
      const ok = checker.validateAt(`${op.pointer}/parameters/${index}/schema`, value).length === 0;
      if (ok) sets[i]![param.in as 'path' | 'query' | 'header'][param.name] = value;
      else if (param.required) sets[i] = invalidSet;
    });
  });
  const mediaType = bodyMediaType(op);
  if (mediaType) {
    const pointer = `${op.pointer}/requestBody/content/${mediaType.replace(/\//g, '~1')}/schema`;
    const schema = op.object.requestBody!.content[mediaType]!.schema ?? {};
    sampleValues(schema, checker.resolve, seedFor(seed, `${op.id}:body`), count).forEach((body, i) => {
      if (checker.validateAt(pointer, body).length === 0) sets[i]!.body = body;
      else sets[i] = invalidSet;
    });
  }
  return sets.filter((s) => s !== invalidSet);
}

/** Marks a set the generator could not make valid (a pattern it cannot follow): it is dropped, not sent. */
const invalidSet: Values = { path: {}, query: {}, header: {} };

/** A value of another JSON type than the schema wants. */
function wrongTypeFor(schema: JsonSchema | undefined): unknown {
  const types = typesOf(schema ?? {});
  if (types.includes('string')) return 12345;
  if (types.includes('integer') || types.includes('number')) return 'not a number';
  if (types.includes('boolean')) return 'yes';
  if (types.includes('array')) return { not: 'an array' };
  if (types.includes('object')) return ['not', 'an', 'object'];
  return { unexpected: true };
}

/** Garbage for a path parameter: escapes the router must refuse, traversal, over-long, odd characters. */
const garbagePathValues: { label: string; value: unknown }[] = [
  { label: 'lone %', value: { raw: '%' } },
  { label: 'bad escape', value: { raw: '%E0%A4%A' } },
  { label: 'NUL', value: { raw: '%00' } },
  { label: 'traversal', value: '../../etc/passwd' },
  { label: 'over-long', value: 'a'.repeat(5000) },
  { label: 'emoji', value: '💥🎈' },
  { label: 'negative', value: -1 },
];

/** The broken variants of one valid request. */
export function brokenRequests(op: Operation, base: Values): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const params = paramsOf(op);
  for (const param of params.filter((p) => p.in === 'path'))
    for (const { label, value } of garbagePathValues)
      out.push(
        requestOf(op, `broken: path ${param.name} ${label}`, { ...base, path: { ...base.path, [param.name]: value } }),
      );
  for (const param of params.filter((p) => p.in === 'query' || p.in === 'header')) {
    const where = param.in as 'query' | 'header';
    const bucket = { ...base[where] };
    if (param.required) {
      delete bucket[param.name];
      out.push(requestOf(op, `broken: missing ${where} ${param.name}`, { ...base, [where]: bucket }));
    }
    const long = where === 'header' ? 'h'.repeat(4000) : LONG.slice(0, 5000);
    out.push(
      requestOf(op, `broken: over-long ${where} ${param.name}`, {
        ...base,
        [where]: { ...bucket, [param.name]: long },
      }),
    );
    out.push(
      requestOf(op, `broken: ${where} ${param.name} wrong type`, {
        ...base,
        [where]: { ...bucket, [param.name]: where === 'query' ? ['a', '-1'] : '-1' },
      }),
    );
  }
  const mediaType = bodyMediaType(op);
  if (!mediaType) return out;
  const schema = resolveObject(op.object.requestBody!.content[mediaType]!.schema);
  const body = (base.body ?? {}) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const withBody = (kind: string, value: unknown) =>
    out.push(requestOf(op, `broken: ${kind}`, { ...base, body: value }));
  if (required[0]) {
    const { [required[0]]: _dropped, ...rest } = body;
    withBody(`missing body field ${required[0]}`, rest);
  }
  const names = Object.keys(properties);
  if (names[0])
    withBody(`body field ${names[0]} wrong type`, { ...body, [names[0]]: wrongTypeFor(properties[names[0]]) });
  const stringField = names.find((n) => typesOf(properties[n]!).includes('string'));
  if (stringField) withBody(`over-long body field ${stringField}`, { ...body, [stringField]: LONG.slice(0, 20_000) });
  const numbers = names.filter((n) => typesOf(properties[n]!).some((t) => t === 'integer' || t === 'number'));
  if (numbers.length) withBody('negative numbers', { ...body, ...Object.fromEntries(numbers.map((n) => [n, -1])) });
  if (numbers.length)
    withBody('fractional and huge numbers', {
      ...body,
      ...Object.fromEntries(numbers.map((n, i) => [n, i % 2 ? 1e308 : 0.5])),
    });
  withBody('extra unknown fields', { ...body, __proto__x: 1, constructor: 'x', ['k'.repeat(300)]: 'v' });
  withBody('body an array', [body]);
  withBody('body null', null);
  out.push(requestOf(op, 'broken: no body', { ...base, body: undefined }));
  out.push(requestOf(op, 'broken: malformed JSON', base, { contentType: jsonType, rawBody: '{"a": ' }));
  out.push(
    requestOf(op, 'broken: body over the size limit', base, {
      contentType: jsonType,
      rawBody: JSON.stringify({ pad: LONG }),
    }),
  );
  out.push(
    requestOf(op, 'broken: text/plain content type', base, {
      contentType: 'text/plain',
      rawBody: JSON.stringify(body),
    }),
  );
  out.push(
    requestOf(op, 'broken: form content type', base, {
      contentType: 'application/x-www-form-urlencoded',
      rawBody: 'a=1&b=2',
    }),
  );
  return out;
}

/** The body schema's top level as an object schema, through one $ref or allOf, for naming its fields. */
function resolveObject(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf as JsonSchema[];
    return {
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => (p.required ?? []) as string[]),
    };
  }
  return schema;
}
