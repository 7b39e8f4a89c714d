import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { errorCatalogue, type ApiErrorBody, type ErrorCode } from '../../shared/contracts/errors';
import { isDatabaseUnavailable } from '../db/pg-error';
import { loggableError } from './loggable-error';

/**
 * The one error type domain code throws: a code from the catalogue, whose HTTP status is chosen there and
 * nowhere else.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly fields?: Record<string, string[]>;
  /** Extra response headers, such as Retry-After on a 429. */
  readonly headers?: Record<string, string>;
  /** A stale edit's 409 carries the values as they are now, so the editor can show what changed. */
  readonly current?: unknown;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string[]>; headers?: Record<string, string>; current?: unknown } = {},
  ) {
    super(message);
    this.httpStatus = errorCatalogue[code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.current = options.current;
  }
}

export const NUL_MESSAGE = 'Please remove the hidden control character (NUL) from this text.';

/**
 * Where in the input a string (or key) holds U+0000, as a field path; undefined if nowhere. PostgreSQL
 * cannot store that character in text, so every route refuses it here rather than fail in the database.
 */
function pathToNul(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 20) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = pathToNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Parses untrusted input with a shared zod schema; failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const nulAt = pathToNul(input);
  if (nulAt) throw new AppError('invalid_input', NUL_MESSAGE, { fields: { [nulAt.join('.') || '_']: [NUL_MESSAGE] } });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('invalid_input', first, { fields });
}

/** The JSON body of every error answer. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Answers outside a route handler (not-found, router refusals) with the catalogue's status and our body. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.status(errorCatalogue[code]).send(errorBody(code, message));
}

/** Framework errors (bad JSON, body too large, wrong content type) become JSON 4xx like ours. */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      const body = errorBody(err.code, err.message, err.fields);
      if (err.current !== undefined) body.error.current = err.current;
      return reply.status(err.httpStatus).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = frameworkCodes[err.code];
      if (code) return sendError(reply, code, err.message);
      // Any other refusal by Fastify or a plugin (say, a 416 for a bad Range on a static file) keeps its status.
      return reply.status(status).send(errorBody('bad_request', err.message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: loggableError(err) }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 'unavailable', 'The service is briefly unavailable. Please try again in a moment.');
    }
    // Without the values a failed query ran with: they are customers' data (loggable-error.ts).
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return sendError(reply, 'internal', 'Something went wrong on our side. Please try again.');
  });
}
