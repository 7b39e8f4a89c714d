import { isoDateSchema } from './booking';
import { staffRoles } from './staff';
import { weakPasswordReason } from './password-strength';
import { z } from './zod';

/**
 * Staff accounts, sessions, devices and the audit log (DECISIONS.md "Staff accounts and devices"). The
 * password shape rules are in ./password-strength.
 */

const newPassword = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(200, 'Must be at most 200 characters')
  .superRefine((p, ctx) => {
    const reason = weakPasswordReason(p);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

/** POST /api/staff/password: anyone signed in as staff changes their own password. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(200, 'Must be at most 200 characters'),
  newPassword,
});
export type ChangeOwnPasswordInput = z.input<typeof changeOwnPasswordSchema>;

/** POST /api/staff/accounts/:id/reset-password (admin): a new password to hand to that person. */
export const resetPasswordSchema = z.object({ newPassword });

export const staffIdParamsSchema = z.object({ id: z.uuid('Unknown account or session') });

/** Keyset cursor of the audit log: the last entry's time (microseconds, UTC) and id. */
const unknownPage = 'Unknown page: please start from the first page';
/** A real instant: month 45 or 30 February would reach the database's cast and fail there (the fuzzer found it). */
const isRealInstant = (cursor: string) => {
  const millis = `${cursor.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
};
const cursorSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    unknownPage,
  )
  .refine(isRealInstant, unknownPage);

/** GET /api/admin/audit-log: newest first, 50 a page; filter by who (exact) and London dates. */
export const auditLogQuerySchema = z
  .object({
    actor: z.string().trim().max(80, 'Must be at most 80 characters').optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    before: cursorSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditPageSize = 50;

export const staffAccountDtoSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(staffRoles),
  active: z.boolean(),
  createdAt: z.string(),
  /** Null for the first admin. */
  createdBy: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** The latest request from any of this person's own (not kiosk) sessions. */
  lastSeenAt: z.string().nullable(),
  /** Sessions and kiosk devices of this account that are live now. */
  liveSessions: z.number().int(),
});
export type StaffAccountDto = z.infer<typeof staffAccountDtoSchema>;

export const staffSessionDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(['staff', 'kiosk', 'kitchen']),
  /** The device's name for a kiosk; '' for a person's session. */
  label: z.string(),
  /** Who signed in, or who started the kiosk device. */
  username: z.string(),
  displayName: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type StaffSessionDto = z.infer<typeof staffSessionDtoSchema>;

/** GET /api/staff/accounts */
export const staffAccountsResponseSchema = z.object({ accounts: z.array(staffAccountDtoSchema) });
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponseSchema>;
/** GET /api/staff/sessions */
export const staffSessionsResponseSchema = z.object({ sessions: z.array(staffSessionDtoSchema) });
export type StaffSessionsResponse = z.infer<typeof staffSessionsResponseSchema>;

/** POST /api/staff/accounts/:id/deactivate and .../reactivate: whose account, and the sessions it ended. */
export const setAccountActiveResponseSchema = z.object({
  success: z.literal(true),
  username: z.string(),
  endedSessions: z.number().int(),
});
export type SetAccountActiveResponse = z.infer<typeof setAccountActiveResponseSchema>;

/** POST /api/staff/sessions/:id/end */
export const endSessionResponseSchema = z.object({ success: z.literal(true), kind: z.string() });
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;

export const auditEntryDtoSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryDto = z.infer<typeof auditEntryDtoSchema>;
/** GET /api/admin/audit-log */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntryDtoSchema),
  nextCursor: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
