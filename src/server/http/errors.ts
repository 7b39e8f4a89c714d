import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/contracts/errors';
import { loggableError } from './loggable-error';

/** The one error type domain code throws; mapped to HTTP here and nowhere else. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
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
  if (nulAt) throw new AppError('invalid_input', 400, NUL_MESSAGE, { [nulAt.join('.') || '_']: [NUL_MESSAGE] });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('invalid_input', 400, first, fields);
}

function body(code: string, message: string, fields?: Record<string, string[]>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Framework errors (bad JSON, body too large, wrong content type) become JSON 4xx like ours. */
const frameworkCodes: Record<string, string> = {
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
      return reply.status(err.httpStatus).send(body(err.code, err.message, err.fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = frameworkCodes[err.code] ?? 'bad_request';
      return reply.status(status).send(body(code, err.message));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: loggableError(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'The service is briefly unavailable. Please try again in a moment.'));
    }
    // Without the values a failed query ran with: they are customers' data (loggable-error.ts).
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}

function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError); the connection failure is in the cause chain.
  for (
    let e = err as { code?: string; message?: string; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001'].includes(
        e.code ?? '',
      )
    )
      return true;
    // "is not queryable": pg refusing a query (often the ROLLBACK) on a client whose connection just died.
    if (
      /Connection terminated|connect ECONNREFUSED|is not queryable|the database system is (starting up|shutting down)/i.test(
        e.message ?? '',
      )
    )
      return true;
  }
  return false;
}
