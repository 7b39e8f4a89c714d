import type { z } from 'zod';
import type { ErrorCode } from '../../../shared/contracts/errors';

/**
 * One documented API operation: the contract /api/openapi.json publishes for it. The schemas are the very
 * zod schemas the route's handler parses with (parseInput) and whose z.infer types its answer, so the
 * document and the code cannot drift: there is no second copy by hand.
 */
export type ApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Fastify's path, e.g. /api/admin/bookings/:id (written as {id} in the document). */
  path: string;
  summary: string;
  /** Who may call it; the document turns this into its security requirement and 401/403 answers. */
  auth: OperationAuth;
  tag: OperationTag;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body; for another content type use `rawBody`. */
  body?: z.ZodType;
  /** A body that is not JSON (the card provider's signed webhook, a multipart photo, a form post). */
  rawBody?: { contentType: string; description: string; schema?: Record<string, unknown> };
  /** Success answers by status. A zod schema is a JSON body; otherwise a non-JSON answer (CSV, HTML, .ics, PNG). */
  responses: Partial<Record<SuccessStatus, z.ZodType | NonJsonResponse>>;
  /** The error codes (from the catalogue) this operation can answer with, beyond those its auth implies. */
  errors: ErrorCode[];
  /** Request headers the handler reads (an object schema, lower-case names), e.g. X-Booking-Secret. */
  headers?: z.ZodType;
  /** An error status whose body is not the ApiError shape (readiness answers 503 with its own report). */
  errorBodies?: Partial<Record<number, z.ZodType>>;
  /** A longer explanation shown under the summary. */
  description?: string;
};

export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;

export type NonJsonResponse = { contentType: string; description: string };

export type OperationAuth =
  | 'none'
  /** The e-mailed code's family session cookie. */
  | 'family'
  /** Any signed-in staff member (staff session cookie). */
  | 'staff'
  /** A staff member with the admin role. */
  | 'admin'
  /** The enabled kiosk device's cookie, or a staff session. */
  | 'kioskOrStaff'
  /** METRICS_TOKEN as a bearer token, or a direct request from this machine. */
  | 'metrics'
  /** A device staff put in kitchen mode (its staff session cookie): the kitchen screen (issue 49). */
  | 'kitchen';

export type OperationTag = 'Public' | 'Family' | 'Staff' | 'Admin' | 'Kiosk' | 'Operations';

/** Type-checks a domain's list of operations where it is written. */
export function defineOperations(operations: ApiOperation[]): ApiOperation[] {
  return operations;
}
