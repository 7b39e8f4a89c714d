import { z } from 'zod';
import { apiErrorBodySchema } from '../../../shared/contracts/api-error';
import { errorCatalogue, type ErrorCode } from '../../../shared/contracts/errors';
import { familyCookieName, staffCookieName } from '../cookie-names';
import type { ApiOperation, NonJsonResponse, OperationAuth, OperationTag } from './operation';

/**
 * Builds /api/openapi.json (OpenAPI 3.1) from the operations' zod schemas: what a request may carry is
 * the schema's input side, what an answer holds its output side. Every error answer is the one ApiError
 * body, narrowed per status to the codes that operation can really answer with there.
 */

export type JsonSchema = { [key: string]: unknown };

export type ParameterObject = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };
export type MediaTypes = Record<string, { schema: JsonSchema }>;
export type ResponseObject = { description: string; content?: MediaTypes; headers?: Record<string, unknown> };
export type OperationObject = {
  operationId: string;
  summary: string;
  description?: string;
  tags: OperationTag[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: MediaTypes };
  responses: Record<string, ResponseObject>;
  /** Who may call it, in the words of operation.ts (for the /api/docs page and readers of the JSON). */
  'x-auth': OperationAuth;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: OperationTag; description: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const tagDescriptions: Record<OperationTag, string> = {
  Public: 'Booking, the calendar, the catalogue, enquiries and payments: anyone may call these.',
  Family: 'A family’s own data, after proving their e-mail address with a 6-digit code (the family cookie).',
  Kiosk: 'The check-in kiosk: a device in kiosk mode or a signed-in member of staff.',
  Staff: 'The staff dashboard: a signed-in member of staff.',
  Admin: 'Settings and records only an admin may change.',
  Operations: 'Health, readiness and metrics for whoever runs the server.',
};

const security: Record<OperationAuth, Record<string, string[]>[] | undefined> = {
  none: undefined,
  family: [{ familySession: [] }],
  staff: [{ staffSession: [] }],
  admin: [{ staffSession: [] }],
  kioskOrStaff: [{ staffSession: [] }],
  kitchen: [{ staffSession: [] }],
  // The bearer token when METRICS_TOKEN is set; otherwise nothing, from this machine only.
  metrics: [{ metricsToken: [] }, {}],
};

/** The refusals each kind of caller check answers (staff/require-staff.ts, families/family-cookie.ts). */
const authErrors: Record<OperationAuth, ErrorCode[]> = {
  none: [],
  family: ['family_session_required'],
  // A kiosk device's session is refused from the staff area with 403.
  staff: ['sign_in_required', 'forbidden'],
  admin: ['sign_in_required', 'forbidden'],
  kioskOrStaff: ['kiosk_not_enabled'],
  // No session: 401; any other session (a family has none here; staff, kiosk): 403.
  kitchen: ['sign_in_required', 'forbidden'],
  metrics: ['metrics_token_required', 'forbidden'],
};

/** What http/errors.ts and app.ts answer for any route, by what the route takes. */
function impliedErrors(op: ApiOperation): ErrorCode[] {
  const codes: ErrorCode[] = [...authErrors[op.auth], ...op.errors];
  if (op.params || op.query || op.body || op.rawBody || op.headers) codes.push('invalid_input');
  // Router refusals: a malformed %-escape or an over-long path parameter; a value with a slash matches no route.
  if (op.params) codes.push('bad_url', 'uri_too_long', 'not_found');
  if (op.body || op.rawBody)
    codes.push('invalid_json', 'invalid_content_length', 'bad_request', 'body_too_large', 'unsupported_media_type');
  // The error handler's answer whenever the database cannot be reached.
  codes.push('unavailable');
  return [...new Set(codes)];
}

const successText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: redirected',
  303: 'See other: redirected',
};

const statusText: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

/** A zod schema as JSON Schema 2020-12, ready to sit inside the document (its $defs hoisted to components). */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: io === 'input' ? pipedStringFormat : undefined,
  }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  delete json.$defs;
  const rewritten = rewrite(json, io) as JsonSchema;
  for (const [name, def] of Object.entries(defs ?? {})) components[name] = rewrite(def, io) as JsonSchema;
  return rewritten;
}

/**
 * `z.string().trim().max(254).pipe(z.email())` is documented by its input side alone (a string of at most 254):
 * the piped format or pattern is added too, so a client (or a fuzzer) that writes what the document says
 * sends an address the server takes.
 */
function pipedStringFormat(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as z.ZodType)._zod.def as { type: string; out?: z.ZodType };
  if (def.type !== 'pipe' || !def.out || ctx.jsonSchema.type !== 'string') return;
  const out = z.toJSONSchema(def.out, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (out.type !== 'string') return;
  for (const key of ['format', 'pattern'] as const)
    if (out[key] && !ctx.jsonSchema[key]) ctx.jsonSchema[key] = out[key];
}

/**
 * Local $defs refs point into components, and answers drop `additionalProperties: false`: zod strips
 * unknown keys when it parses, but the server sends its objects as they are, so an answer may hold more.
 */
function rewrite(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, io));
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') out[key] = v.replace(/^#\/\$defs\//, '#/components/schemas/');
    else if (key === 'additionalProperties' && v === false && io === 'output') continue;
    else out[key] = rewrite(v, io);
  }
  return out;
}

function parametersOf(
  schema: z.ZodType | undefined,
  where: ParameterObject['in'],
  components: Record<string, JsonSchema>,
): ParameterObject[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input', components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

const isZod = (r: z.ZodType | NonJsonResponse): r is z.ZodType => r instanceof z.ZodType;

/** GET /api/bookings/:id -> getBookingsById; every operation's id, unique as paths and methods are. */
export function operationIdOf(op: Pick<ApiOperation, 'method' | 'path'>): string {
  const words = op.path
    .split('/')
    .filter((s) => s && s !== 'api')
    .flatMap((s) => (s.startsWith(':') ? ['by', ...s.slice(1).split(/[^A-Za-z0-9]+/)] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return op.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function operationObject(op: ApiOperation, components: Record<string, JsonSchema>): OperationObject {
  const parameters = [
    ...parametersOf(op.params, 'path', components),
    ...parametersOf(op.query, 'query', components),
    ...parametersOf(op.headers, 'header', components),
  ];
  const responses: Record<string, ResponseObject> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    if (!r) continue;
    const description = isZod(r) ? successText[Number(status)]! : r.description;
    if (Number(status) >= 300 && Number(status) < 400) {
      responses[status] = { description, headers: { Location: { schema: { type: 'string' } } } };
    } else if (Number(status) === 204) {
      responses[status] = { description };
    } else {
      const content: MediaTypes = isZod(r)
        ? { 'application/json': { schema: toSchema(r, 'output', components) } }
        : { [r.contentType]: { schema: { type: 'string' } } };
      responses[status] = { description, content };
    }
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of impliedErrors(op)) {
    const status = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const status of Object.keys(op.errorBodies ?? {}).map(Number))
    if (!byStatus.has(status)) byStatus.set(status, []);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const own = op.errorBodies?.[status];
    const codeSchema = { type: 'string', enum: codes };
    const apiError = {
      allOf: [
        { $ref: '#/components/schemas/ApiError' },
        { type: 'object', properties: { error: { type: 'object', properties: { code: codeSchema } } } },
      ],
    };
    // A status with its own body (readiness's report) may still be the error handler's ApiError (database down).
    const schema = own ? { anyOf: [toSchema(own, 'output', components), apiError] } : apiError;
    const label = statusText[status] ?? 'Error';
    responses[String(status)] = {
      description: codes.length ? `${label}: ${codes.join(', ')}` : label,
      content: { 'application/json': { schema } },
    };
  }

  const object: OperationObject = {
    operationId: operationIdOf(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(security[op.auth] ? { security: security[op.auth] } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses,
    'x-auth': op.auth,
  };
  if (op.body)
    object.requestBody = {
      required: true,
      content: { 'application/json': { schema: toSchema(op.body, 'input', components) } },
    };
  else if (op.rawBody)
    object.requestBody = {
      required: true,
      description: op.rawBody.description,
      content: { [op.rawBody.contentType]: { schema: op.rawBody.schema ?? {} } },
    };
  return object;
}

/** Fastify's /api/bookings/:id is OpenAPI's /api/bookings/{id}. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function buildOpenApiDocument(operations: ApiOperation[], opts: { version: string }): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  components.ApiError = toSchema(apiErrorBodySchema, 'output', components);
  const paths: OpenApiDocument['paths'] = {};
  for (const op of operations) {
    const path = openApiPath(op.path);
    const item = (paths[path] ??= {});
    if (item[op.method]) throw new Error(`Two operations for ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = operationObject(op, components);
  }
  const usedTags = new Set(operations.map((o) => o.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Play centre booking API',
      version: opts.version,
      description:
        'The booking site’s HTTP API. Money is integer pence; dates are YYYY-MM-DD (the venue’s local day); ' +
        'instants are ISO 8601 in UTC. Every error answer is an ApiError body whose `code` comes from one ' +
        'catalogue. Sessions are cookies, set by the sign-in operations.',
    },
    servers: [{ url: '/' }],
    tags: (Object.keys(tagDescriptions) as OperationTag[])
      .filter((t) => usedTags.has(t))
      .map((name) => ({ name, description: tagDescriptions[name] })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        familySession: {
          type: 'apiKey',
          in: 'cookie',
          name: familyCookieName,
          description: 'Set by POST /api/family/confirm or /api/family/link.',
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: staffCookieName,
          description: 'Set by staff sign-in, or on a device put in kiosk mode.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when the server sets one.' },
      },
    },
  };
}
