import { errorCatalogue, type ApiErrorBody, type ErrorCode } from './errors';
import { z } from './zod';

/**
 * The error body's schema, for /api/openapi.json. The ApiErrorBody type stays in ./errors, which the web
 * app imports without zod; the check below keeps the two equal.
 */
export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Each bad field's messages, by its path ("_" for the whole input). */
    fields: z.record(z.string(), z.array(z.string())).optional(),
    /** A stale edit's 409: the values as they are now. */
    current: z.unknown().optional(),
  }),
});

type Schema = z.infer<typeof apiErrorBodySchema>;
const sameShape: [ApiErrorBody, Schema] extends [Schema, ApiErrorBody] ? true : never = true;
void sameShape;
